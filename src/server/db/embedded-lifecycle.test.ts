// The embedded default as a newcomer runs it: the real entry point on a fresh DATA_DIR.
// First start, a second server on the same folder refused without harm, kill -9 then restart
// with every acknowledged write still there, and a clean stop that leaves no PostgreSQL behind.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-life-'));
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, timeoutMs = 60_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return Date.now() - t0;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not become healthy');
}

const origin = (port: number) => `http://127.0.0.1:${port}`;
async function post(port: number, url: string, body: object, cookie?: string) {
  return fetch(`${origin(port)}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: `http://localhost:${port}`,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  // A PostgreSQL orphaned by the kill -9 step is stopped by the restart; make sure nothing is left.
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      /* gone */
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL lifecycle', () => {
  it('starts, refuses a second server, survives kill -9 with its data, and stops cleanly', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitHealthy(port);

    const email = `life-${Date.now()}@example.test`;
    const reg = await post(port, '/api/auth/register', {
      name: 'Life Cycle',
      email,
      password: 'password123',
    });
    expect(reg.status).toBe(201);
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await post(port, '/api/syndicates', { name: 'Survivors' }, cookie)).status).toBe(201);

    // A second server on the same DATA_DIR refuses, clearly, and the first keeps serving.
    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already using/);
    expect((await fetch(`${origin(port)}/api/health`)).status).toBe(200);

    // kill -9: PostgreSQL is left running as an orphan; the next start takes over.
    first.child.kill('SIGKILL');
    await first.exited;
    const again = startServer(port);
    await waitHealthy(port);
    const login = await post(port, '/api/auth/login', { email, password: 'password123' });
    expect(login.status).toBe(200);
    const session = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const list = await fetch(`${origin(port)}/api/syndicates`, { headers: { cookie: session } });
    expect(((await list.json()) as { name: string }[]).map((s) => s.name)).toEqual(['Survivors']);

    // A clean stop: exit 0, no PostgreSQL left, the lock released.
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  });
});
