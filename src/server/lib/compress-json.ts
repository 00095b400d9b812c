// Compresses JSON answers in one synchronous call, before @fastify/compress sees them (it leaves
// an answer that already has a Content-Encoding alone). Its streaming brotli allocates a full
// encoder (a 4 MB window) per answer and feeds it in chunks: a 200-bet list (85 KB of JSON) took
// about 2.5 ms of CPU that way, against 0.5 ms here, and 50 answers at once held hundreds of MB.
// With the size of the JSON as a hint, brotli sizes its window to the answer. Streams, files
// and other types still go through @fastify/compress.
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are (as @fastify/compress does; bytes). */
const THRESHOLD = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/** Picks the encoding a browser asked for: br, then gzip, else none (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

export function compressJson(json: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(json);
  return zlib.brotliCompressSync(json, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      // Quality 0, brotli's fastest. For the bank's 9 KB summary it took 18–33 µs against 22–41 µs
      // at quality 1 and 86 µs at 4 (the quality @fastify/compress uses), for 1.7 KB instead of
      // 1.5 KB and 1.1 KB (text mode, size hint). A 200-bet page (101 KB): 58 against 116 µs at
      // quality 1, for 7.7 KB instead of 6.3 KB (issue 17 §5; bench/performance-notes.md).
      [zlib.constants.BROTLI_PARAM_QUALITY]: 0,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
}

/** Installs the hook: call before @fastify/compress is registered, so this one runs first. */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    // JSON, and the pages the server draws (first-paint.ts: about 130 KB, 8 KB compressed), which
    // @fastify/compress never sees (they are the not-found handler's answers, not a route's).
    if (typeof type !== 'string' || !/^(application\/json|text\/html)/.test(type)) return payload;
    const json = Buffer.from(payload);
    if (json.length < THRESHOLD) return payload;
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !/accept-encoding/i.test(vary)) {
      reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    return compressJson(json, encoding);
  });
}
