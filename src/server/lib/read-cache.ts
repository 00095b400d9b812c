// A short-lived cache of signed-in GET answers, per session and URL, kept serialised and
// compressed. The dashboard asks for the same dozen resources again and again (every page,
// every refetch); a hit costs no query, no serialisation and no compression.
//
// Correctness rules, the same as the session reuse in auth/sessions.ts:
// - Every state-changing request (POST/PUT/PATCH/DELETE) empties the cache when it starts and
//   again when it ends, so in this process a read never answers from before a write that has
//   finished, whoever made it and whichever syndicate it touched.
// - A read that raced a write (a write started while it ran) does not store what it read.
// - An entry lives READ_CACHE_MS at most, so a change made elsewhere (another instance, SQL by
//   hand) and the passing of time (trend windows, "today") reach reads within that time.
// - The key is the session's hash and the URL: one session's answers are never another's.
// - Identical misses arriving together wait for the first one's answer instead of each querying.
// Routes opt in with `config: { readCache: true }`; `scopedRoutes` opts in every GET it holds.
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers to this GET route may be reused for READ_CACHE_MS (see lib/read-cache.ts). */
    readCache?: boolean;
  }
  interface FastifyInstance {
    /** Empties the read cache: for code that changed data outside a state-changing request. */
    invalidateReads: () => void;
  }
}

/** How long an answer may be reused (ms): the session reuse window, so both age alike. */
export const READ_CACHE_MS = 2000;
/** Bounds: entries and bytes (JSON plus its compressed forms); the oldest go first. */
const MAX_ENTRIES = 5000;
const MAX_BYTES = 32 * 2 ** 20;
/** Answers smaller than this are sent as they are (as @fastify/compress does, bytes). */
const COMPRESS_THRESHOLD = 1024;
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  },
};

type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
  until: number;
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
}

/** Picks the encoding a browser asked for: br, then gzip, else none (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;
  private writesInFlight = 0;

  /** Forget everything, and let no read that is running now store its answer. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  writeStarted(): void {
    this.writesInFlight++;
    this.invalidate();
  }

  writeEnded(): void {
    this.writesInFlight = Math.max(0, this.writesInFlight - 1);
    this.invalidate();
  }

  /** The token a read holds while it runs; `store` refuses it once a write has intervened. */
  ticket(): number {
    return this.writesInFlight > 0 ? -1 : this.generation;
  }

  get(key: string, now: number): Entry | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now < hit.until) return hit;
    this.drop(key, hit);
    return undefined;
  }

  store(key: string, ticket: number, json: Buffer, now: number): Entry {
    const entry: Entry = { until: now + READ_CACHE_MS, json, bytes: json.length };
    if (ticket !== this.generation || this.writesInFlight > 0) return entry;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
    return entry;
  }

  /** The entry's body in `encoding`, compressed once and kept. */
  body(key: string, entry: Entry, encoding: Encoding): Buffer {
    if (encoding === 'identity') return entry.json;
    const kept = entry[encoding];
    if (kept) return kept;
    const packed =
      encoding === 'br' ? zlib.brotliCompressSync(entry.json, BROTLI_OPTIONS) : zlib.gzipSync(entry.json);
    entry[encoding] = packed;
    entry.bytes += packed.length;
    if (this.entries.get(key) === entry) {
      this.bytes += packed.length;
      this.evict();
    }
    return packed;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const first = this.entries.entries().next().value;
      if (!first) break;
      this.drop(first[0], first[1]);
    }
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Miss {
  key: string;
  ticket: number;
  /** Set when this read leads a flight: the same key's concurrent reads wait for its answer. */
  land?: () => void;
}
const pending = new WeakMap<FastifyRequest, Miss>();

function send(cache: ReadCache, req: FastifyRequest, reply: FastifyReply, key: string, entry: Entry) {
  const encoding =
    entry.json.length < COMPRESS_THRESHOLD ? 'identity' : pickEncoding(req.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return cache.body(key, entry, encoding);
}

/**
 * Installs the cache on the app: call before @fastify/compress is registered, so this onSend
 * sees the serialised JSON before compression does.
 */
export function installReadCache(app: FastifyInstance): ReadCache {
  const cache = new ReadCache();
  const { now } = app.deps;
  // Reads of one key already on their way to the database: a burst of identical misses (a
  // refetch after a write, 50 tabs) makes one query, and the rest answer from what it stores.
  const flights = new Map<string, Promise<void>>();
  const land = (req: FastifyRequest) => {
    const miss = pending.get(req);
    pending.delete(req);
    miss?.land?.();
  };
  app.decorate('invalidateReads', () => cache.invalidate());

  app.addHook('onRequest', async (req) => {
    if (STATE_CHANGING.has(req.method)) cache.writeStarted();
  });
  app.addHook('onResponse', async (req) => {
    if (STATE_CHANGING.has(req.method)) cache.writeEnded();
    else land(req); // a flight that ended without a storable answer (an error, say)
  });

  // preHandler: after every onRequest guard (session, syndicate, role) and the validation.
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config.readCache || !req.auth) return;
    const key = `${req.auth.sessionHash} ${req.url}`;
    const answer = (entry: Entry) => {
      reply.type('application/json; charset=utf-8').send(send(cache, req, reply, key, entry));
      return reply;
    };
    const hit = cache.get(key, now().getTime());
    if (hit) return answer(hit);
    const flight = flights.get(key);
    if (flight) {
      // Wait for the leader (never longer than an entry would live), then take its answer.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([flight, new Promise((r) => (timer = setTimeout(r, READ_CACHE_MS)))]);
      clearTimeout(timer);
      const landed = cache.get(key, now().getTime());
      if (landed) return answer(landed);
      pending.set(req, { key, ticket: cache.ticket() });
      return;
    }
    let done = () => {};
    const ours = new Promise<void>((resolve) => {
      done = resolve;
    });
    flights.set(key, ours);
    pending.set(req, {
      key,
      ticket: cache.ticket(),
      land: () => {
        if (flights.get(key) === ours) flights.delete(key);
        done();
      },
    });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const miss = pending.get(req);
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const entry = cache.store(miss.key, miss.ticket, Buffer.from(payload), now().getTime());
    land(req);
    return send(cache, req, reply, miss.key, entry);
  });

  return cache;
}
