// `npm run dev`: the API with reload on change, and Vite's dev server (which proxies /api to it).
import { spawn } from 'node:child_process';

// The browser talks to Vite's origin, so the API must accept state-changing calls from it; `npm start` never does.
const apiEnv = { ...process.env, DEV_ORIGIN: process.env.DEV_ORIGIN || 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/index.ts'], { stdio: 'inherit', env: apiEnv }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
