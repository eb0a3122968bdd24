#!/bin/sh
# The container image's build, one step at a time, so the Dockerfile and scripts/container/check.mjs run the same
# commands. Usage, from the repository's top folder:
#   scripts/container/build.sh install              npm ci with the build tools (devDependencies)
#   scripts/container/build.sh build                the client into dist/ (npm run build)
#   scripts/container/build.sh prune                drops the devDependencies from node_modules
#   scripts/container/build.sh stage DIR            copies what the server needs to run into DIR (a new folder)
# Steps run in the order given, e.g. `build.sh build prune stage /runtime`; with no step, install build prune.
set -eu

install_dependencies() {
  # --include=dev: the build tools are devDependencies, needed here even if NODE_ENV=production is set.
  npm ci --include=dev --no-audit --no-fund
}

build_client() {
  npm run build
}

prune_dependencies() {
  npm prune --omit=dev --no-audit --no-fund
  # npm keeps a devDependency that a dependency names as an optional peer (vitest, vite): not needed to run.
  node scripts/container/prune-optional-peers.mjs
}

# The server runs from its TypeScript sources with tsx (a dependency), as `npm run serve` does: it needs the sources
# of the server and the code it shares with the client, the built client, the production node_modules and
# package.json (whose scripts give the operator `npm run admin`, `npm run backup` and `npm run restore`).
stage_runtime() {
  target=$1
  if [ -e "$target" ] && [ -n "$(ls -A "$target")" ]; then
    echo "stage: $target is not empty" >&2
    exit 1
  fi
  if [ ! -f dist/client/index.html ]; then
    echo "stage: dist/client is not built (run the build step first)" >&2
    exit 1
  fi
  mkdir -p "$target/src"
  cp -R package.json package-lock.json node_modules dist scripts "$target/"
  rm -rf "$target/scripts/container"
  cp -R src/server src/shared "$target/src/"
  # Tests and their harness are not part of the running server.
  rm -rf "$target/src/server/test"
  find "$target/src" "$target/scripts" -name '*.test.ts' -delete
}

[ "$#" -gt 0 ] || set -- install build prune
while [ "$#" -gt 0 ]; do
  step=$1
  shift
  case "$step" in
    install) install_dependencies ;;
    build) build_client ;;
    prune) prune_dependencies ;;
    stage)
      if [ "$#" -eq 0 ]; then
        echo "stage needs a folder: build.sh stage DIR" >&2
        exit 2
      fi
      stage_runtime "$1"
      shift
      ;;
    *)
      echo "unknown step: $step (install, build, prune or stage DIR)" >&2
      exit 2
      ;;
  esac
done
