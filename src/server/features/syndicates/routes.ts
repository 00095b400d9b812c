import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSyndicateSchema,
  joinSyndicateSchema,
  switchSyndicateSchema,
  syndicateSchema,
  syndicateWithRoleSchema,
} from '../../../shared/syndicate';
import { requireAdmin, requireSession, requireUser, scopedRoutes, tenantOf } from '../../auth/context';
import { setActiveSyndicate } from '../../auth/sessions';
import { authorOf } from '../audit/record';
import {
  createSyndicate,
  joinSyndicate,
  listForUser,
  regenerateInviteCode,
  switchActiveSyndicate,
} from './service';

const messageSchema = z.object({ message: z.string() });

export const syndicatesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now, env } = app.deps;
  // In OIDC mode a provider-verified e-mail may link its pre-created member (never in local mode).
  const joinOptions = { linkVerifiedEmail: env.oidc !== undefined };
  const caller = (auth: ReturnType<typeof requireUser>) => ({
    userId: auth.user.id,
    name: auth.user.name,
    email: auth.user.email,
  });

  app.get(
    '/api/syndicates',
    {
      onRequest: requireSession,
      schema: { tags: ['syndicates'], response: { 200: z.array(syndicateWithRoleSchema) } },
    },
    async (req) => {
      const auth = requireUser(req);
      return listForUser(db, auth.user.id, auth.tenant?.syndicateId ?? null);
    },
  );

  // Switch the session to another of the user's syndicates (every later request is scoped to it).
  app.put(
    '/api/syndicates/active',
    {
      onRequest: requireSession,
      schema: {
        tags: ['syndicates'],
        body: switchSyndicateSchema,
        response: { 200: syndicateSchema, 404: messageSchema },
      },
    },
    async (req) => {
      const auth = requireUser(req);
      return switchActiveSyndicate(
        db,
        { sessionHash: auth.sessionHash, userId: auth.user.id },
        req.body.syndicateId,
      );
    },
  );

  app.post(
    '/api/syndicates',
    {
      onRequest: requireSession,
      schema: { tags: ['syndicates'], body: createSyndicateSchema, response: { 201: syndicateSchema } },
    },
    async (req, reply) => {
      const auth = requireUser(req);
      const syndicate = await createSyndicate(db, caller(auth), req.body, now());
      await setActiveSyndicate(db, auth.sessionHash, syndicate.id);
      return reply.code(201).send(syndicate);
    },
  );

  app.post(
    '/api/syndicates/join',
    {
      onRequest: requireSession,
      schema: {
        tags: ['syndicates'],
        body: joinSyndicateSchema,
        response: { 200: syndicateSchema, 403: messageSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (req) => {
      const auth = requireUser(req);
      const syndicate = await joinSyndicate(db, caller(auth), req.body.inviteCode, now(), joinOptions);
      await setActiveSyndicate(db, auth.sessionHash, syndicate.id);
      return syndicate;
    },
  );

  // A write in the caller's syndicate: scoped, so an admin made inactive is refused like any write.
  await app.register(
    scopedRoutes(async (scoped) => {
      scoped.withTypeProvider<ZodTypeProvider>().post(
        '/api/syndicates/invite-code',
        {
          onRequest: requireAdmin,
          schema: { tags: ['syndicates'], response: { 200: z.object({ inviteCode: z.string() }) } },
        },
        async (req) => ({
          inviteCode: await regenerateInviteCode(db, tenantOf(req).syndicateId, authorOf(req, now())),
        }),
      );
    }),
  );
};
