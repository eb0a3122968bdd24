import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface AdminRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

const CLI = fileURLToPath(new URL('../../src/server/admin/cli.ts', import.meta.url));

/**
 * Runs `npm run admin -- ...args` as the operator would (the same command line, without npm around it), with the
 * given environment: the server's settings. `cwd` is the folder it runs in (the checkout unless given), where a
 * DATA_DIR left unset is ./data.
 */
export function runAdmin(args: string[], env: NodeJS.ProcessEnv, options: { cwd?: string } = {}): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    // tsx by its own address, so that the command also starts from a folder that does not hold it.
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CLI, ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The invite code and link that `invite` printed. */
export function printedInvite(run: AdminRun): { code: string; link: string } {
  const code = /^Code: (\S+)$/m.exec(run.stdout)?.[1];
  const link = /^Link: (\S+)$/m.exec(run.stdout)?.[1];
  if (run.status !== 0 || !code || !link) throw new Error(`invite failed (${String(run.status)}): ${run.stdout}${run.stderr}`);
  return { code, link };
}
