// `npm run dev`: the API with restart-on-change, and Vite's dev server with hot reload proxying /api to it.
import { spawn } from 'node:child_process';
import { root } from './web-build.mjs';

const bin = (name) => `${root}/node_modules/.bin/${name}`;
const children = [
  // Pages are opened through Vite's address, so that is the public address the API trusts as Origin.
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:5173' },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
