// The container files agree with each other and with the server: what an operator gets from `docker compose up -d`
// without a Docker engine to try it here. scripts/container/check.mjs (in CI) runs the Dockerfile's steps for real.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/server/config';
import { readDockerfile } from './check.mjs';

const root = join(import.meta.dirname, '../..');
const read = (name: string) => readFileSync(join(root, name), 'utf8');

interface ComposeService {
  build?: string;
  image?: string;
  init?: boolean;
  env_file?: string | string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] };
}

// js-yaml is already in node_modules (ESLint reads its config with it); loaded untyped, as a plain parser.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const compose = yaml.load(read('compose.yaml')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const dockerfile = readDockerfile(read('Dockerfile'));
const runtime = dockerfile.stages.at(-1);
const instruction = (keyword: string) =>
  runtime?.instructions.filter((step) => step.keyword === keyword).map((step) => step.argument) ?? [];

describe('Dockerfile', () => {
  it('builds on node:20-bookworm-slim and runs on it as a user other than root', () => {
    expect(dockerfile.stages[0]?.from).toBe('node:20-bookworm-slim AS build');
    expect(runtime?.from).toBe('node:20-bookworm-slim');
    expect(dockerfile.user).toBe('node');
  });

  it('installs and builds with scripts/container/build.sh, and ships the pruned, staged folder only', () => {
    expect(dockerfile.buildSteps.flat()).toEqual(['install', 'build', 'prune', 'stage', dockerfile.stagedDir]);
    expect(instruction('COPY')).toEqual([`--from=build ${dockerfile.stagedDir} /app`]);
  });

  it('keeps its data in a /data volume, listens on every interface of the container, port 3000', () => {
    expect(dockerfile.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data', HOST: '0.0.0.0', PORT: '3000', MALLOC_ARENA_MAX: '2' });
    expect(instruction('VOLUME')).toEqual(['/data']);
    expect(instruction('EXPOSE')).toEqual(['3000']);
  });

  it('starts Node itself (signals reach the server) and checks its health with Node (no curl in the image)', () => {
    expect(dockerfile.cmd).toEqual(['node', '--import', 'tsx', 'src/server/index.ts']);
    expect(dockerfile.healthcheck[0]).toBe('node');
    expect(dockerfile.healthcheck.join(' ')).toContain('/healthz');
  });

  it('reads only the environment variables the server knows, and the one the C library reads for it', () => {
    const known = [...Object.keys(envSchema.shape), 'MALLOC_ARENA_MAX'];
    for (const name of Object.keys(dockerfile.env)) expect(known, name).toContain(name);
  });
});

describe('.dockerignore', () => {
  it('keeps installed packages, builds, data, history and secrets out of the build', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.git', '.env']));
  });
});

describe('compose.yaml', () => {
  const app = compose.services.app;
  const db = compose.services.db;

  it('builds the app from the Dockerfile and starts it once PostgreSQL 15 is healthy', () => {
    expect(app?.build).toBe('.');
    expect(app?.init).toBe(true);
    expect(app?.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(db?.image).toBe('postgres:15');
    expect(db?.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(app?.ports).toEqual(['3000:3000']);
  });

  it('takes settings from .env, refuses to start without AUTH_SECRET, and names only variables the server reads', () => {
    expect(app?.env_file).toBe('.env');
    expect(app?.environment?.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?[^}]+\}$/);
    for (const name of Object.keys(app?.environment ?? {})) expect(Object.keys(envSchema.shape), name).toContain(name);
  });

  it('points DATABASE_URL at the db service, with its user, password and database', () => {
    const url = new URL(app?.environment?.DATABASE_URL ?? '');
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('db');
    expect(url.username).toBe(db?.environment?.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(db?.environment?.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${db?.environment?.POSTGRES_DB}`);
  });

  it("keeps the app's DATA_DIR and the database in named volumes", () => {
    expect(app?.environment?.DATA_DIR).toBe(dockerfile.env.DATA_DIR);
    expect(app?.volumes).toEqual([`app-data:${dockerfile.env.DATA_DIR}`]);
    expect(db?.volumes).toEqual(['db-data:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['app-data', 'db-data']);
  });
});
