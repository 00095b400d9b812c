// Reaching the embedded PostgreSQL of a server started on a DATA_DIR: its URL (port from
// postmaster.pid, password from pg-password), and its process tree (to kill -9 it as a crash).
import fs from 'node:fs';
import path from 'node:path';

export function embeddedUrl(dataDir: string): string {
  const port = Number(
    fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3],
  );
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

export function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Pids whose parent is `pid` (from /proc). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** kill -9 the postmaster and every process it started, at once (a database crash). */
export async function crashPostgres(dataDir: string): Promise<number[]> {
  const pid = postmasterPid(dataDir);
  if (!pid || !alive(pid)) return [];
  const tree = [pid, ...childrenOf(pid)];
  for (const p of tree) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  const until = Date.now() + 10_000;
  while (tree.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return tree;
}

/**
 * Waits until the killed processes are reaped (gone from /proc, not just zombies), as a host's init
 * does at once. Returns the wait (ms). Needed where PID 1 reaps lazily: PostgreSQL refuses to start
 * while its old postmaster's pid still exists, even as a zombie (see docs/reliability.md, pending).
 */
export async function waitReaped(pids: number[], timeoutMs = 120_000): Promise<number> {
  const t0 = Date.now();
  const exists = (pid: number) => fs.existsSync(`/proc/${pid}`);
  while (pids.some(exists)) {
    if (Date.now() - t0 > timeoutMs)
      throw new Error(`killed processes not reaped within ${timeoutMs} ms: ${pids.filter(exists)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - t0;
}
