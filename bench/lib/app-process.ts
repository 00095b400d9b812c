// The app under test: the production build (dist/server/main.js) as a child process on the
// embedded PostgreSQL under a fresh DATA_DIR, as a newcomer runs it. Also reads memory from
// /proc: the app's RSS, and PostgreSQL's as the PSS sum of the postmaster and its children
// (summing RSS would count shared_buffers once per backend).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  /** From spawn to the first 200 from /api/health (ms). */
  healthyAfterMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A private copy of the build (dist/server, dist/client) beside a symlink to node_modules, so
 * that another build of the shared tree (e.g. the e2e server rebuilding dist) cannot swap the
 * files under the running app. Returns the folder to pass to startApp; remove it afterwards.
 */
export function snapshotBuild(root: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-bench-build-'));
  fs.cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * The Node.js flags `npm start` runs the app with (the `--…` words before the script in
 * package.json's start script, e.g. the heap limit), so the bench measures the app as it runs.
 */
export function startFlags(root: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...words] = pkg.scripts.start.split(/\s+/);
  if (node !== 'node') return [];
  const flags: string[] = [];
  for (const word of words) {
    if (!word.startsWith('--')) break;
    flags.push(word);
  }
  return flags;
}

/** Start dist/server/main.js under `buildRoot` (the repository, or a snapshotBuild folder). */
export async function startApp(buildRoot: string, dataDir: string, port: number): Promise<AppProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  const t0 = performance.now();
  // BENCH_APP_FLAGS: more node flags for the app, when profiling by hand (e.g. --cpu-prof).
  const extra = (process.env.BENCH_APP_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(
    process.execPath,
    [...startFlags(ROOT), ...extra, path.join(buildRoot, 'dist/server/main.js')],
    {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error('the app exited before it was healthy');
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return { child, port, origin, healthyAfterMs: performance.now() - t0 };
    } catch {
      /* not listening yet */
    }
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error('the app was not healthy within 120 s');
}

export async function stopApp(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  const exited = new Promise((r) => app.child.once('exit', r));
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

function statusField(pid: number, field: string): number {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time a process has used so far, user + system (ms). */
export function cpuMsOf(pid: number, options: { reapedChildren?: boolean } = {}): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks;
    // cutime and cstime (16 and 17) the CPU of the children it has waited for.
    const own = Number(fields[11]) + Number(fields[12]);
    const reaped = options.reapedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return ((own + reaped) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU time of the postmaster and its children (ms): those running now, and those that exited
 * (the postmaster waits for each backend, so an exited one's CPU is in its cutime and cstime; a
 * backend closed by an idle pool during a measurement once made its figure negative).
 */
export const postgresCpuMs = (postmasterPid: number) =>
  childrenOf(postmasterPid).reduce(
    (sum, pid) => sum + cpuMsOf(pid),
    cpuMsOf(postmasterPid, { reapedChildren: true }),
  );

/** Resident set size of one process (bytes). */
export const rssOf = (pid: number) => statusField(pid, 'VmRSS');

function pssOf(pid: number): number {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const m = /^Pss:\s+(\d+) kB/m.exec(text);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** The embedded cluster's postmaster pid and port, from DATA_DIR/postgres/postmaster.pid. */
export function postmasterOf(dataDir: string): { pid: number; port: number } {
  const lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/**
 * The postmaster serving a database URL on this machine: PG_PID when set, else the `postgres`
 * process started with the URL's port on its command line (the embedded cluster's `-p`).
 */
export function postmasterOfUrl(url: string): number {
  if (process.env.PG_PID) return Number(process.env.PG_PID);
  const port = new URL(url).port;
  const found = fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .find((p) => {
      try {
        const args = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
        return args.some((a) => a.endsWith('/postgres')) && args.includes(port);
      } catch {
        return false;
      }
    });
  if (!found) throw new Error(`no postgres process for port ${port}: set PG_PID`);
  return Number(found);
}

/** PostgreSQL's memory: PSS of the postmaster and all its children (bytes). */
export function postgresPss(postmasterPid: number): number {
  return [postmasterPid, ...childrenOf(postmasterPid)].reduce((sum, pid) => sum + pssOf(pid), 0);
}

export interface MemorySample {
  appRss: number;
  pgPss: number;
}

/** Samples memory every `everyMs` until stopped; keeps the peaks (bytes). */
export function memorySampler(appPid: number, postmasterPid: number, everyMs = 250) {
  const peak: MemorySample = { appRss: 0, pgPss: 0 };
  const take = () => {
    peak.appRss = Math.max(peak.appRss, rssOf(appPid));
    peak.pgPss = Math.max(peak.pgPss, postgresPss(postmasterPid));
  };
  const timer = setInterval(take, everyMs);
  take();
  return {
    peak,
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}
