// The real server as a child process (the way it runs in production): from the sources through
// tsx, or the production build in dist/. Helpers to wait for it, read its memory, and stop it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '../..');

/** Whether dist/ holds a build of the current sources (item 7 builds it when stale). */
export function buildIsCurrent(): boolean {
  const stamp = path.join(root, 'dist/build-hash');
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(root, 'dist/server/main.js'))) return false;
  const hash = execFileSync(
    process.execPath,
    ['-e', "import('./scripts/source-hash.mjs').then(m => process.stdout.write(m.sourceHash('.')))"],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return fs.readFileSync(stamp, 'utf8') === hash;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Server {
  child: ChildProcess;
  port: number;
  origin: string;
  exited: Promise<number | null>;
  output(): string;
  /** Resident memory of the server process (bytes), from /proc. */
  rss(): number;
  /**
   * The live heap (bytes) right after a full garbage collection: only with `heapProbe`
   * (support/heap-probe.mjs answers SIGUSR2 on stderr).
   */
  liveHeap(): Promise<number>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  env: Record<string, string>;
  /** 'source' runs src/server/main.ts through tsx; 'build' runs dist/server/main.js. */
  from?: 'source' | 'build';
  port?: number;
  /** Node.js flags before the script, e.g. those of package.json's start script (startFlags). */
  nodeFlags?: string[];
  /** Preload support/heap-probe.mjs (and --expose-gc), for liveHeap(). */
  heapProbe?: boolean;
}

export async function startServer(opts: StartOptions): Promise<Server> {
  const port = opts.port ?? (await freePort());
  const args =
    opts.from === 'build'
      ? [path.join(root, 'dist/server/main.js')]
      : ['--import', 'tsx', path.join(root, 'src/server/main.ts')];
  const probe = opts.heapProbe
    ? ['--expose-gc', '--import', pathToFileURL(path.join(import.meta.dirname, 'heap-probe.mjs')).href]
    : [];
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), ...probe, ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // The checks register hundreds of accounts from 127.0.0.1; item 15 turns the throttle on.
      AUTH_THROTTLE: 'off',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The heap probe's answers, read as they come (`output` keeps only its tail).
  const probes: number[] = [];
  let partial = '';
  child.stderr?.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^HEAP_PROBE (\d+)$/.exec(line);
      if (m) probes.push(Number(m[1]));
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    rss() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    },
    async liveHeap() {
      if (!opts.heapProbe) throw new Error('start the server with heapProbe: true');
      const seen = probes.length;
      child.kill('SIGUSR2');
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const answer = probes[seen];
        if (answer !== undefined) return answer;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no answer to SIGUSR2:\n${output}`);
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

export async function waitHealthy(server: Server, timeoutMs = 90_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      const res = await fetch(`${server.origin}/api/health`);
      if (res.ok) return Date.now() - t0;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/** A minimal browser-like HTTP client for a real server: keeps the cookie, sends our Origin. */
export class HttpClient {
  cookie = '';
  /** `headers` go with every request (e.g. an `x-forwarded-for` of the client's own). */
  constructor(
    readonly origin: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; text: string; json<T>(): T }> {
    const res = await fetch(`${this.origin}${url}`, {
      method,
      headers: {
        ...this.headers,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { origin: this.origin } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0] ?? '';
    const text = await res.text();
    return { status: res.status, text, json: <T>() => JSON.parse(text) as T };
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  delete = (url: string) => this.request('DELETE', url);

  /** The raw cookie value (for WebSocket clients that set `sid` themselves). */
  get token(): string {
    return this.cookie.split('=')[1] ?? '';
  }
}

/** A new account, signed in, admin of a new syndicate of its own (the server's real sign-up). */
export async function adminOfNewSyndicate(
  origin: string,
  name: string,
  syndicate: string,
): Promise<HttpClient> {
  const user = new HttpClient(origin);
  await must(
    user.post('/api/auth/register', {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.test`,
      password: 'a long enough passphrase',
    }),
    201,
  );
  await must(user.post('/api/syndicates', { name: syndicate }), 201);
  return user;
}

export async function must<T extends { status: number; text: string }>(
  p: Promise<T>,
  status: number,
): Promise<T> {
  const res = await p;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res;
}
