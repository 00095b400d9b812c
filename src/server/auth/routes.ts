// Sign-up, sign-in, sign-out and the current user (DESIGN.md "Auth").
// Local accounts are on whenever OIDC is not configured; in OIDC mode register/login answer 404.
import { and, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema, userSchema } from '../../shared/auth';
import { closeSocketsForSession } from '../assistant/hub';
import { users } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { isUniqueViolation } from '../lib/pg-errors';
import { requireUser } from './context';
import { createOidc } from './oidc';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { clearSessionCookie, setSessionCookie } from './plugin';
import { createSession, deleteSession } from './sessions';

const messageSchema = z.object({ message: z.string() });

export const INVALID_LOGIN = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { env, db, now } = app.deps;
  const oidc = env.oidc ? await createOidc(env, db, now) : null;

  async function signIn(req: FastifyRequest, reply: FastifyReply, userId: number) {
    // A fresh session id at every sign-in; the old session (if any) ends.
    if (req.auth) await deleteSession(db, req.auth.sessionHash);
    const token = await createSession(db, userId, now());
    setSessionCookie(reply, token, env.publicUrl);
  }

  if (!oidc) {
    app.post(
      '/api/auth/register',
      {
        schema: {
          tags: ['auth'],
          body: registerSchema,
          response: { 201: userSchema, 409: messageSchema },
        },
      },
      async (req, reply) => {
        const { name, email, password } = req.body;
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
      },
    );

    app.post(
      '/api/auth/login',
      {
        schema: { tags: ['auth'], body: loginSchema, response: { 200: userSchema, 401: messageSchema } },
        // Per e-mail address: slows password guessing against one account (per 15 minutes).
        config: {
          rateLimit: {
            // After the body is parsed: at onRequest (the default) the key would be 'login:' for
            // every request, one global limit that 20 wrong guesses anywhere would lock for all.
            hook: 'preHandler',
            max: 20,
            timeWindow: 15 * 60 * 1000,
            keyGenerator: (req) =>
              `login:${String((req.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
          },
        },
      },
      async (req, reply) => {
        const { email, password } = req.body;
        const [user] = await db
          .select()
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.passwordHash)))
          .limit(1);
        const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
        if (!user || !ok) throw new HttpError(401, INVALID_LOGIN);
        await signIn(req, reply, user.id);
        return { id: user.id, name: user.name, email: user.email };
      },
    );
  }

  app.get('/api/login', { schema: { tags: ['auth'], hide: true } }, async (_req, reply) => {
    if (!oidc) return reply.redirect('/login');
    return reply.redirect((await oidc.startLogin()).href);
  });

  if (oidc) {
    app.get('/api/callback', { schema: { tags: ['auth'], hide: true } }, async (req, reply) => {
      const currentUrl = new URL(req.url, env.publicUrl);
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
      await deleteSession(db, req.auth.sessionHash);
      await closeSocketsForSession(db, req.auth.sessionHash); // assistant sockets, on every instance
    }
    clearSessionCookie(reply, env.publicUrl);
  }
  app.post('/api/logout', { schema: { tags: ['auth'] } }, async (req, reply) => {
    await logout(req, reply);
    return reply.code(204).send();
  });
  app.get('/api/logout', { schema: { tags: ['auth'], hide: true } }, async (req, reply) => {
    await logout(req, reply);
    return reply.redirect('/');
  });

  app.get(
    '/api/auth/user',
    {
      config: { readCache: true },
      schema: { tags: ['auth'], response: { 200: userSchema, 401: messageSchema } },
    },
    async (req) => {
      const auth = requireUser(req);
      return auth.user;
    },
  );
};
