// Installs, for the whole app: the session context (req.auth), the Origin rule, and
// `Cache-Control: no-store` on every /api answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HINT_IN_SYNDICATE, HINT_SIGNED_IN, SIGNED_IN_HINT } from '../../shared/session-hint';
import type { Env } from '../env';
import { type AuthContext, resolveSession, resolveSessionForRead } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The methods that may change data: the Origin rule applies to them; each is announced to all instances. */
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CookieSettings {
  name: string;
  secure: boolean;
}

/** `__Host-sid` with Secure over HTTPS (PUBLIC_URL https://…), plain `sid` otherwise. */
export function cookieSettings(publicUrl: string): CookieSettings {
  const secure = publicUrl.startsWith('https:');
  return { name: secure ? '__Host-sid' : 'sid', secure };
}

const SESSION_MAX_AGE = 60 * 24 * 60 * 60;

/**
 * The session cookie (HttpOnly), and beside it SIGNED_IN_HINT, readable by the page's script and
 * saying only "a session was started in this browser": the app's first script then fetches the
 * dashboard's chunk and the syndicate's first reads at once, in parallel with the sign-in check,
 * instead of after it (src/client/app/start-early.ts). The hint grants nothing; the client drops
 * it when the sign-in check answers signed out.
 */
export function setSessionCookie(reply: FastifyReply, token: string, publicUrl: string) {
  const { name, secure } = cookieSettings(publicUrl);
  // The session cookie first: clients that read only the first Set-Cookie get the session.
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: SESSION_MAX_AGE,
  });
  setHint(reply, HINT_SIGNED_IN, secure);
}

function setHint(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(SIGNED_IN_HINT, value, {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: SESSION_MAX_AGE,
  });
}

/** Whether this answer already sets or clears the hint (sign-in, sign-out). */
function setsHint(reply: FastifyReply): boolean {
  const set = reply.getHeader('set-cookie');
  const all = Array.isArray(set) ? set : typeof set === 'string' ? [set] : [];
  return all.some((c) => c.startsWith(`${SIGNED_IN_HINT}=`));
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string) {
  const { name, secure } = cookieSettings(publicUrl);
  reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  reply.clearCookie(SIGNED_IN_HINT, { httpOnly: false, sameSite: 'lax', path: '/', secure });
}

function requestOrigin(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (origin && origin !== 'null') return origin;
  if (origin === 'null') return 'null';
  const referer = req.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether the request comes from our own pages. With PUBLIC_URL set, only its origin: the Host
 * header is the attacker's to choose under DNS rebinding. Without it, the request's own host
 * too (the app reached by a LAN address or another port).
 */
export function isOwnOrigin(origin: string, req: FastifyRequest, env: Env): boolean {
  if (origin === env.publicUrl) return true;
  return !env.publicUrlExplicit && origin === `${req.protocol}://${req.host}`;
}

/**
 * Whether a GET was started by our own pages or by the user (typed, bookmarked): not by a link,
 * image or form on another site. Browsers say so in Sec-Fetch-Site; older ones only in Referer.
 */
export function isSameSiteNavigation(req: FastifyRequest, env: Env): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = requestOrigin(req);
  return origin === undefined || isOwnOrigin(origin, req, env);
}

export function installAuth(app: FastifyInstance) {
  const { env, db, now } = app.deps;
  const cookie = cookieSettings(env.publicUrl);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/ws')) return;
    const token = req.cookies[cookie.name];
    const hasSession = typeof token === 'string' && token.length > 0;

    // CSRF: a state-changing request must come from our own origin. A foreign Origin is
    // always refused; a missing one only when the request carries a session cookie.
    if (STATE_CHANGING.has(req.method)) {
      const origin = requestOrigin(req);
      if (origin ? !isOwnOrigin(origin, req, env) : hasSession) {
        return reply.code(403).send({ message: 'Cross-site request refused' });
      }
    }
    if (!hasSession) return;
    if (STATE_CHANGING.has(req.method)) {
      // A write is decided on the session as it is now. A write that changes who may do what
      // (membership, roles, sessions) is announced by the database itself, at its commit, and
      // every instance then forgets its reused sessions (db/session-triggers.ts).
      req.auth = await resolveSession(db, token, now());
    } else {
      req.auth = await resolveSessionForRead(db, token, now());
    }
  });

  // The hint follows the session: "in a syndicate" once a signed-in request finds it in one, back
  // to "signed in" when it has none (left, removed). Sent only when it changes, only on our own
  // pages' successful answers (a cross-site link changes no cookie), never beside an answer that
  // sets or clears it itself. A request that changed it (joined, left) was resolved before the
  // change: the next one corrects the hint.
  app.addHook('onSend', async (req, reply, payload) => {
    const auth = req.auth;
    if (!auth || reply.statusCode >= 300 || setsHint(reply) || !isSameSiteNavigation(req, env)) {
      return payload;
    }
    // Only a browser that holds the hint (set at sign-in) has it updated: a client that keeps one
    // cookie (scripts, the reliability suite) would otherwise trade its session for the hint.
    const current = req.cookies[SIGNED_IN_HINT];
    const value = auth.tenant ? HINT_IN_SYNDICATE : HINT_SIGNED_IN;
    if (current !== undefined && current !== value) setHint(reply, value, cookie.secure);
    return payload;
  });

  // No /api answer may be kept by a browser or a shared cache: they carry one user's data, and
  // an error or redirect kept by a proxy would be served to the next user. Set at onSend, the
  // last step, so it covers errors, 404s and the API docs' files.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
