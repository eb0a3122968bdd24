/** Types for check.mjs, which runs under plain Node (no TypeScript) from the CI scripts. */
export interface DockerfileStage {
  from: string;
  instructions: { keyword: string; argument: string }[];
}

export interface Dockerfile {
  stages: DockerfileStage[];
  /** The arguments of each `RUN scripts/container/build.sh ...` of the build stage. */
  buildSteps: string[][];
  /** The build stage's folder that the runtime stage copies into its WORKDIR. */
  stagedDir: string;
  /** The runtime stage's ENV. */
  env: Record<string, string>;
  user: string;
  cmd: string[];
  healthcheck: string[];
}

export function readDockerfile(text: string): Dockerfile;

export function checkContainer(
  clone: string,
  options?: { installed?: boolean; log?: (line: string) => void },
): Promise<void>;
