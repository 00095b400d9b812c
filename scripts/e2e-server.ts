// The server Playwright journeys run against: the production build (rebuilt when stale) on a
// fresh database (a new database on TEST_DATABASE_URL, or a throw-away embedded cluster),
// on E2E_PORT (default 5055), and a second instance of it on E2E_SECOND_PORT (default E2E_PORT +
// 1000) sharing that database, as behind a load balancer (e2e/live-updates.spec.ts). Stops and
// drops the database when Playwright stops it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../src/server/test/test-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 5055);
// Far from E2E_PORT, so runs on neighbouring ports do not take each other's second port.
const secondPort = Number(process.env.E2E_SECOND_PORT ?? port + 1000);

const { sourceHash } = (await import(path.join(root, 'scripts/source-hash.mjs'))) as {
  sourceHash: (root: string) => string;
};
const stamp = path.join(root, 'dist/build-hash');
if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== sourceHash(root)) {
  const { build } = (await import(path.join(root, 'scripts/build.mjs'))) as { build: () => Promise<void> };
  await build();
}

const database = await createTestDatabase('e2e');
// Both instances sign the same cookies (DESIGN.md: SESSION_SECRET the same on all).
const sessionSecret = randomBytes(32).toString('hex');
const dataDirs: string[] = [];
function startInstance(instancePort: number): ChildProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-e2e-'));
  dataDirs.push(dataDir);
  return spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production', // as npm start runs it (scripts/start.mjs)
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${instancePort}`,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: sessionSecret,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Every journey registers its own accounts, all from 127.0.0.1.
      AUTH_THROTTLE: 'off',
    },
  });
}
const children = [startInstance(port), startInstance(secondPort)];

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map((child) => {
      child.kill('SIGTERM');
      return new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }),
  );
  await database.drop().catch(() => {});
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
console.log(`e2e servers on http://127.0.0.1:${port} and :${secondPort} (${database.kind} database)`);
