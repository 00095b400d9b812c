// Installs, for the whole app: the session context (req.auth) and the Origin rule.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, invalidateSessions, resolveSession, resolveSessionForRead } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The methods that may change data: the Origin rule applies to them, and they empty the read caches. */
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

export function setSessionCookie(reply: FastifyReply, token: string, publicUrl: string) {
  const { name, secure } = cookieSettings(publicUrl);
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: 60 * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string) {
  const { name, secure } = cookieSettings(publicUrl);
  reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secure });
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
      const allowed = origin === env.publicUrl || origin === `${req.protocol}://${req.host}`;
      if (origin ? !allowed : hasSession) {
        return reply.code(403).send({ message: 'Cross-site request refused' });
      }
    }
    if (!hasSession) return;
    if (STATE_CHANGING.has(req.method)) {
      // A write may change who may do what (membership, roles, sessions): reads stop reusing
      // sessions resolved before it, now and once it has finished (onResponse below).
      invalidateSessions();
      req.auth = await resolveSession(db, token, now());
    } else {
      req.auth = await resolveSessionForRead(db, token, now());
    }
  });

  app.addHook('onResponse', async (req) => {
    if (STATE_CHANGING.has(req.method)) invalidateSessions();
  });
}
