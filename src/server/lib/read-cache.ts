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
import { STATE_CHANGING } from '../auth/plugin';

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
/** Bounds: entries and bytes (the bodies kept); the oldest go first. */
const MAX_ENTRIES = 5000;
const MAX_BYTES = 16 * 2 ** 20;
/** Answers smaller than this are sent as they are (as @fastify/compress does, bytes). */
const COMPRESS_THRESHOLD = 1024;
/** Brotli as @fastify/compress sends it (quality 4), with a 1 MB window: less memory per call. */
const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
};

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A copy in a memory block of its own. zlib's results are views of larger output chunks, so
 * keeping one would keep the whole chunk, and the cache's byte count would be a fraction of
 * what it holds.
 */
function own(buffer: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

function compress(json: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return own(zlib.gzipSync(json));
  const params = { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length };
  return own(zlib.brotliCompressSync(json, { params }));
}

/** A kept answer: its body in each encoding it has been sent in (usually just one). */
export interface Entry {
  until: number;
  /** The JSON's length, which decides whether it is compressed at all (bytes). */
  size: number;
  bodies: Partial<Record<Encoding, Buffer>>;
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

  /**
   * Keeps `json` as the answer for `key` (unless a write intervened since `ticket`) and returns
   * the entry. Only the body in `encoding` is kept: the JSON itself is dropped once compressed.
   */
  store(key: string, ticket: number, json: Buffer, now: number, encoding: Encoding): Entry {
    const enc = json.length < COMPRESS_THRESHOLD ? 'identity' : encoding;
    const body = enc === 'identity' ? json : compress(json, enc);
    const entry: Entry = {
      until: now + READ_CACHE_MS,
      size: json.length,
      bodies: { [enc]: body },
      bytes: body.length,
    };
    if (ticket !== this.generation || this.writesInFlight > 0) return entry;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict(now);
    return entry;
  }

  /** The entry's body in `encoding`: kept, or made from a kept one and then kept too. */
  body(key: string, entry: Entry, encoding: Encoding): Buffer {
    const enc = entry.size < COMPRESS_THRESHOLD ? 'identity' : encoding;
    const kept = entry.bodies[enc];
    if (kept) return kept;
    const { identity, br, gzip } = entry.bodies;
    const json = identity ?? (br ? zlib.brotliDecompressSync(br) : zlib.gunzipSync(gzip ?? Buffer.alloc(0)));
    const made = enc === 'identity' ? own(json) : compress(json, enc);
    entry.bodies[enc] = made;
    entry.bytes += made.length;
    if (this.entries.get(key) === entry) {
      this.bytes += made.length;
      this.evict();
    }
    return made;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /**
   * Drops the oldest entries while over a bound, and the expired ones at the front. Entries are
   * kept in the order they were stored, which is the order they expire in (one lifetime for all).
   */
  private evict(now = Number.NEGATIVE_INFINITY): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES && now < entry.until) break;
      this.drop(key, entry);
    }
  }
}

interface Miss {
  key: string;
  ticket: number;
  /** Set when this read leads a flight: the same key's concurrent reads wait for its answer. */
  land?: () => void;
}
const pending = new WeakMap<FastifyRequest, Miss>();

/** Sets the encoding headers for an answer of `size` JSON bytes; returns the encoding. */
function negotiate(req: FastifyRequest, reply: FastifyReply, size: number): Encoding {
  const encoding = size < COMPRESS_THRESHOLD ? 'identity' : pickEncoding(req.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return encoding;
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
      const body = cache.body(key, entry, negotiate(req, reply, entry.size));
      reply.type('application/json; charset=utf-8').send(body);
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
    const json = own(Buffer.from(payload));
    const encoding = negotiate(req, reply, json.length);
    const entry = cache.store(miss.key, miss.ticket, json, now().getTime(), encoding);
    land(req);
    return cache.body(miss.key, entry, encoding);
  });

  return cache;
}
