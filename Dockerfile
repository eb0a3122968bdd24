# Gratitude Journal: the server and its built client in one image. `docker compose up -d` (compose.yaml) runs it
# with PostgreSQL; alone, it keeps a SQLite database in the /data volume:
#   docker build -t gratitude-journal .
#   docker run -d -p 3000:3000 -v journal-data:/data -e AUTH_SECRET=$(openssl rand -hex 32) \
#     -e APP_URL=https://journal.example.com gratitude-journal
# The steps are scripts/container/build.sh's; scripts/container/check.mjs runs the same steps outside Docker and
# starts the result as an unprivileged user.

FROM node:20-bookworm-slim AS build
# better-sqlite3 downloads a prebuilt binary when it can and compiles one otherwise.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The dependencies first, so a change to the code alone reuses this layer.
COPY package.json package-lock.json ./
COPY scripts/container/build.sh scripts/container/build.sh
RUN scripts/container/build.sh install
COPY . .
RUN scripts/container/build.sh build prune stage /runtime

FROM node:20-bookworm-slim
# MALLOC_ARENA_MAX: at most two glibc arenas, which the photo-decoding threads would otherwise each have and keep
# full (docs/decisions/035-photos-in-the-database.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# pg_dump, for the scheduled backups of a PostgreSQL database (BACKUP_DIR); Debian bookworm's is PostgreSQL 15's,
# the version compose.yaml runs, since pg_dump refuses a server newer than itself.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
# The code belongs to root and is only read by the server, which runs as the image's unprivileged `node` user and
# writes nowhere but /data.
COPY --from=build /runtime /app
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME /data
EXPOSE 3000
# Slim images have no curl: Node asks /healthz itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself, not npm, so SIGTERM from `docker stop` reaches the server, which finishes its requests and exits.
CMD ["node", "--import", "tsx", "src/server/index.ts"]
