// Sign-up, sign-in, sign-out and the current user (DESIGN.md "Auth", docs/security.md).
// Local accounts are on whenever OIDC is not configured; in OIDC mode register/login answer 404.
// Sign-in failures and new accounts are throttled per client IP (throttle.ts); password hashing
// is bounded (passwords.ts); an OIDC callback is accepted only in the browser that started it.
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CURRENT_PASSWORD_WRONG,
  changePasswordSchema,
  loginSchema,
  NO_LOCAL_PASSWORD,
  PASSWORD_TOO_COMMON,
  registerSchema,
  userSchema,
} from '../../shared/auth';
import { sessions, users } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { isUniqueViolation } from '../lib/pg-errors';
import { noContent } from '../lib/response-schemas';
import { isCommonPassword } from './common-passwords';
import { requireSession, requireUser } from './context';
import { createOidc, OIDC_LOGIN_TTL_MS } from './oidc';
import { admitHashing, dummyPasswordHash, HashBusyError, hashPassword, verifyPassword } from './passwords';
import { clearSessionCookie, isSameSiteNavigation, setSessionCookie } from './plugin';
import { createSession, createSessionForPassword, deleteSession, invalidateSessions } from './sessions';
import { createThrottle } from './throttle';

const messageSchema = z.object({ message: z.string() });
const errorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const INVALID_LOGIN = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const OIDC_BROWSER_MISMATCH = 'This sign-in was not started in this browser. Please sign in again.';
export const TOO_MANY_NEW_ACCOUNTS = 'Too many new accounts from this address. Please try again later.';
const tooManyFailures = (seconds: number) =>
  `Too many failed sign-ins. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`;

/** A 429 with Retry-After (seconds), as the throttles and the hashing bound answer. */
function tooMany(reply: FastifyReply, retryAfterSeconds: number, message: string): HttpError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new HttpError(429, message);
}

/** admitHashing, with its refusal as a 429 (the server is busy hashing: retry in a second). */
function admit(reply: FastifyReply): () => void {
  try {
    return admitHashing();
  } catch (err) {
    throw err instanceof HashBusyError ? tooMany(reply, 1, err.message) : err;
  }
}

/** The browser's half of an OIDC sign-in: `__Host-` and Secure over https, like the session's. */
function oidcCookie(publicUrl: string) {
  const secure = publicUrl.startsWith('https:');
  return { name: secure ? '__Host-oidc_login' : 'oidc_login', secure };
}

export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { env, db, now } = app.deps;
  const oidc = env.oidc ? await createOidc(env, db, now) : null;
  const throttle = createThrottle(db, now, env.authThrottle);

  /**
   * `passwordHash`: the password checked, for a sign-in by password: no session when it has
   * changed meanwhile (createSessionForPassword), and the sign-in fails as a wrong password does.
   */
  async function signIn(req: FastifyRequest, reply: FastifyReply, userId: number, passwordHash?: string) {
    // A fresh session id at every sign-in; the old session (if any) ends.
    if (req.auth) await deleteSession(db, req.auth.sessionHash);
    const token =
      passwordHash === undefined
        ? await createSession(db, userId, now())
        : await createSessionForPassword(db, userId, passwordHash, now());
    if (token === null) throw new HttpError(401, INVALID_LOGIN);
    setSessionCookie(reply, token, env.publicUrl);
  }

  if (!oidc) {
    app.post(
      '/api/auth/register',
      {
        schema: {
          tags: ['auth'],
          body: registerSchema,
          response: { 201: userSchema, 400: errorBodySchema, 409: messageSchema, 429: messageSchema },
        },
      },
      async (req, reply) => {
        const { name, email, password } = req.body;
        if (isCommonPassword(password)) {
          throw new HttpError(400, PASSWORD_TOO_COMMON, [{ path: 'password', message: PASSWORD_TOO_COMMON }]);
        }
        const blocked = await throttle.registrationBlocked(req.ip);
        if (!blocked.ok) throw tooMany(reply, blocked.retryAfterSeconds, TOO_MANY_NEW_ACCOUNTS);
        const release = admit(reply);
        try {
          const verdict = await throttle.registration(req.ip);
          if (!verdict.ok) throw tooMany(reply, verdict.retryAfterSeconds, TOO_MANY_NEW_ACCOUNTS);
          const passwordHash = await hashPassword(password);
          const [user] = await db
            .insert(users)
            .values({ name, email, passwordHash })
            .returning({ id: users.id, name: users.name, email: users.email })
            .catch((err: unknown) => {
              throw isUniqueViolation(err) ? new HttpError(409, EMAIL_TAKEN) : err;
            });
          if (!user) throw new Error('insert returned no row');
          await signIn(req, reply, user.id);
          return reply.code(201).send(user);
        } finally {
          release();
        }
      },
    );

    app.post(
      '/api/auth/login',
      {
        schema: {
          tags: ['auth'],
          body: loginSchema,
          response: { 200: userSchema, 401: messageSchema, 429: messageSchema },
        },
      },
      async (req, reply) => {
        const { email, password } = req.body;
        // A flood at a limit already reached is refused by one read; a burst beyond the hashing
        // bound, on arrival.
        const blocked = await throttle.loginBlocked(email, req.ip);
        if (!blocked.ok) {
          throw tooMany(reply, blocked.retryAfterSeconds, tooManyFailures(blocked.retryAfterSeconds));
        }
        const release = admit(reply);
        try {
          // Counted before the password is checked, so parallel guesses cannot pass the limit;
          // a right password takes its count back.
          const verdict = await throttle.loginAttempt(email, req.ip);
          if (!verdict.ok) {
            throw tooMany(reply, verdict.retryAfterSeconds, tooManyFailures(verdict.retryAfterSeconds));
          }
          const [user] = await db
            .select()
            .from(users)
            .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.passwordHash)))
            .limit(1);
          const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
          if (!user || !ok) throw new HttpError(401, INVALID_LOGIN);
          await throttle.loginSucceeded(email, req.ip);
          await signIn(req, reply, user.id, user.passwordHash ?? undefined);
          return { id: user.id, name: user.name, email: user.email };
        } finally {
          release();
        }
      },
    );
  }

  // Change Password (Settings → Account). The current password is checked as a sign-in is, and
  // counted by the same throttle, so a stolen session cannot guess it; the account's other
  // sessions end (a leaked password's sessions with it), this one stays.
  app.put(
    '/api/auth/password',
    {
      onRequest: requireSession,
      schema: {
        tags: ['auth'],
        description: "Changes the signed-in user's password and ends their other sessions",
        body: changePasswordSchema,
        response: {
          204: noContent,
          400: errorBodySchema,
          401: messageSchema,
          409: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (req, reply) => {
      const { user, sessionHash } = requireUser(req);
      const { currentPassword, newPassword } = req.body;
      const [account] = await db
        .select({ email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id))
        .limit(1);
      if (oidc || !account?.passwordHash || !account.email) throw new HttpError(409, NO_LOCAL_PASSWORD);
      const { email, passwordHash } = account;
      const blocked = await throttle.loginBlocked(email, req.ip);
      if (!blocked.ok)
        throw tooMany(reply, blocked.retryAfterSeconds, tooManyFailures(blocked.retryAfterSeconds));
      if (isCommonPassword(newPassword)) {
        throw new HttpError(400, PASSWORD_TOO_COMMON, [
          { path: 'newPassword', message: PASSWORD_TOO_COMMON },
        ]);
      }
      const release = admit(reply);
      try {
        const verdict = await throttle.loginAttempt(email, req.ip);
        if (!verdict.ok)
          throw tooMany(reply, verdict.retryAfterSeconds, tooManyFailures(verdict.retryAfterSeconds));
        if (!(await verifyPassword(currentPassword, passwordHash))) {
          throw new HttpError(400, CURRENT_PASSWORD_WRONG, [
            { path: 'currentPassword', message: CURRENT_PASSWORD_WRONG },
          ]);
        }
        await throttle.loginSucceeded(email, req.ip);
        const newHash = await hashPassword(newPassword);
        // One transaction: the user row stays locked until the other sessions are gone, so a
        // sign-in that checked the old password meanwhile makes none (createSessionForPassword).
        invalidateSessions(db);
        await db.transaction(async (tx) => {
          await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, user.id));
          await tx
            .delete(sessions)
            .where(and(eq(sessions.userId, user.id), ne(sessions.idHash, sessionHash)));
        });
        invalidateSessions(db);
        return reply.code(204).send(null);
      } finally {
        release();
      }
    },
  );

  const loginCookie = oidcCookie(env.publicUrl);
  const loginCookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: loginCookie.secure,
  } as const;
  app.get('/api/login', { schema: { tags: ['auth'], hide: true } }, async (_req, reply) => {
    if (!oidc) return reply.redirect('/login');
    const { url, browserKey } = await oidc.startLogin();
    // Login CSRF: the callback must come back to this browser (see /api/callback).
    reply.setCookie(loginCookie.name, browserKey, {
      ...loginCookieOptions,
      maxAge: OIDC_LOGIN_TTL_MS / 1000,
    });
    return reply.redirect(url.href);
  });

  if (oidc) {
    app.get('/api/callback', { schema: { tags: ['auth'], hide: true } }, async (req, reply) => {
      const currentUrl = new URL(req.url, env.publicUrl);
      // A callback URL made in another browser (an attacker's own sign-in, opened in the
      // victim's browser) would sign the victim in as the attacker: refused, state untouched.
      const browserKey = req.cookies[loginCookie.name];
      if (!oidc.startedBy(currentUrl.searchParams.get('state'), browserKey)) {
        throw new HttpError(403, OIDC_BROWSER_MISMATCH);
      }
      reply.clearCookie(loginCookie.name, loginCookieOptions); // used: one sign-in per start
      const userId = await oidc.finishLogin(currentUrl).catch((err: unknown) => {
        req.log.warn({ err }, 'OIDC sign-in refused');
        throw new HttpError(401, 'Sign-in failed. Please try again.');
      });
      await signIn(req, reply, userId);
      return reply.redirect('/');
    });
  }

  async function logout(req: FastifyRequest, reply: FastifyReply) {
    if (req.auth) {
      // Also ends the session on every instance: reused copies and assistant sockets (NOTIFY).
      await deleteSession(db, req.auth.sessionHash);
    }
    clearSessionCookie(reply, env.publicUrl);
  }
  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: { 204: noContent } } },
    async (req, reply) => {
      await logout(req, reply);
      return reply.code(204).send(null);
    },
  );
  app.get('/api/logout', { schema: { tags: ['auth'], hide: true } }, async (req, reply) => {
    // A link or image on another site must not sign anyone out: it only opens the app.
    if (!isSameSiteNavigation(req, env)) return reply.redirect('/');
    await logout(req, reply);
    return reply.redirect('/');
  });

  app.get(
    '/api/auth/user',
    {
      schema: { tags: ['auth'], response: { 200: userSchema, 401: messageSchema } },
    },
    async (req) => {
      const auth = requireUser(req);
      return auth.user;
    },
  );
};
