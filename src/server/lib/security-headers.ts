// The security headers every answer carries: helmet's, with the app's Content-Security-Policy
// (app.ts), written once at start and set on each answer as they are. @fastify/helmet ran
// helmet(options) again for every request, parsing the CSP's directives and building each of its
// middlewares anew, and decorated every reply with a closure: about 2 % of the app's CPU in a
// profile of the dashboard's reads, for headers that never change.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with these options, as [name, value] pairs. */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader() {},
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // Every option here is static: helmet has set all its headers before calling next.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Sets those headers on every answer (before any route or error handler runs). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
