// A short run of the product as a newcomer starts it, on whichever Node.js runs this script (.ci/run
// runs it on the machine's own Node 20 after the suites ran on 24): `node scripts/start.mjs` on a fresh
// data folder, then the health check, one sign-up and one registration for a demo event through the
// API, and a clean stop on SIGTERM. Exits non-zero, saying what failed, otherwise.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './web-build.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'hh-smoke-'));
const output = [];
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => output.push(chunk));
server.stderr.on('data', (chunk) => output.push(chunk));
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

function fail(message) {
  console.error(`smoke on Node ${process.versions.node}: ${message}`);
  console.error(Buffer.concat(output).toString('utf8').slice(-4000));
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

async function call(method, pathname, body, token) {
  const headers = { origin };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${origin}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const started = Date.now();
let health;
while (Date.now() - started < 180_000) {
  health = await fetch(`${origin}/api/health`).catch(() => undefined);
  if (health?.ok) break;
  if (server.exitCode !== null) fail(`the server stopped at start (exit ${server.exitCode})`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!health?.ok) fail('no healthy answer from /api/health within 3 minutes');
const startSeconds = ((Date.now() - started) / 1000).toFixed(1);

const email = `smoke-${Date.now()}@example.org`;
const signUp = await call('POST', '/api/auth/sign-up/email', { name: 'Sam Smoke', email, password: 'kettle-harbour-42' });
const token = signUp.headers.get('set-auth-token');
if (signUp.status !== 200 || !token) fail(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
const events = await (await call('GET', '/api/events?when=upcoming&limit=1')).json();
const eventId = events[0]?._id;
if (!eventId) fail('no upcoming demo event to register for');
const registration = await call('POST', '/api/register', { eventId }, token);
if (registration.status !== 201) fail(`registering answered ${registration.status}: ${await registration.text()}`);
const home = await fetch(`${origin}/`);
if (home.status !== 200 || !(await home.text()).includes('<div id="root">')) fail(`the home page answered ${home.status}`);

server.kill('SIGTERM');
const stop = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), 15_000))]);
if (!stop) fail('the server did not stop within 15 s of SIGTERM');
if (stop.code !== 0) fail(`the server stopped with exit ${stop.code} (${stop.signal ?? 'no signal'}) on SIGTERM`);
rmSync(dataDir, { recursive: true, force: true });
console.log(`smoke on Node ${process.versions.node}: healthy after ${startSeconds} s, signed up, registered, served /, stopped cleanly`);
