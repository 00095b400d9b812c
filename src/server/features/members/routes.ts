import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimLinkSchema,
  claimMemberSchema,
  createMemberSchema,
  formerMemberSchema,
  memberIdParamsSchema,
  memberListQuerySchema,
  memberSchema,
  updateMemberSchema,
} from '../../../shared/member';
import {
  requireAdmin,
  requireAdminOf,
  requireSession,
  requireUser,
  scopedRoutes,
  tenantOf,
} from '../../auth/context';
import { setActiveSyndicate } from '../../auth/sessions';
import { lookUpFirst } from '../../auth/tenancy-first';
import { authorOf } from '../audit/record';
import { claimMember, createClaimLink } from './claims';
import {
  archiveMember,
  createMember,
  findAnyMember,
  getMember,
  listFormerMembers,
  listMembers,
  restoreMember,
  updateMember,
} from './service';

const messageSchema = z.object({ message: z.string() });
const tags = ['members'];

const scopedMembersRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now, env } = app.deps;

  app.get(
    '/api/members',
    { schema: { tags, querystring: memberListQuerySchema, response: { 200: z.array(memberSchema) } } },
    async (req) => {
      const { active } = req.query;
      return listMembers(db, tenantOf(req).syndicateId, active === undefined ? undefined : active === 'true');
    },
  );

  app.get('/api/members/me', { schema: { tags, response: { 200: memberSchema } } }, async (req) => {
    const { syndicateId, memberId } = tenantOf(req);
    return getMember(db, syndicateId, memberId);
  });

  app.post(
    '/api/members/me/leave',
    { schema: { tags, response: { 204: z.null(), 409: messageSchema } } },
    async (req, reply) => {
      const { syndicateId, memberId } = tenantOf(req);
      await archiveMember(db, syndicateId, memberId, authorOf(req, now()));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/members/former',
    // Members read everything in their syndicate (DESIGN.md "Roles"); restoring is admins' only.
    { schema: { tags, response: { 200: z.array(formerMemberSchema) } } },
    async (req) => listFormerMembers(db, tenantOf(req).syndicateId),
  );

  app.get(
    '/api/members/:id',
    { schema: { tags, params: memberIdParamsSchema, response: { 200: memberSchema, 404: messageSchema } } },
    async (req) => getMember(db, tenantOf(req).syndicateId, req.params.id),
  );

  app.post(
    '/api/members',
    {
      onRequest: requireAdmin,
      schema: { tags, body: createMemberSchema, response: { 201: memberSchema, 409: messageSchema } },
    },
    async (req, reply) => {
      const member = await createMember(db, tenantOf(req).syndicateId, req.body, authorOf(req, now()));
      return reply.code(201).send(member);
    },
  );

  app.put(
    '/api/members/:id',
    {
      onRequest: lookUpFirst(getMember),
      schema: {
        tags,
        params: memberIdParamsSchema,
        body: updateMemberSchema,
        response: { 200: memberSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      const { syndicateId, memberId, role } = tenantOf(req);
      return updateMember(db, syndicateId, { memberId, role }, req.params.id, req.body, now());
    },
  );

  app.delete(
    '/api/members/:id',
    {
      onRequest: requireAdminOf(getMember),
      schema: {
        tags,
        params: memberIdParamsSchema,
        response: { 204: z.null(), 404: messageSchema, 409: messageSchema },
      },
    },
    async (req, reply) => {
      await archiveMember(db, tenantOf(req).syndicateId, req.params.id, authorOf(req, now()));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/members/:id/restore',
    {
      // Another syndicate's id answers 404 to anyone, whatever the body, exactly as a missing id does.
      onRequest: [requireAdminOf(findAnyMember), lookUpFirst(findAnyMember)],
      schema: {
        tags,
        params: memberIdParamsSchema,
        response: { 200: memberSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (req) => restoreMember(db, tenantOf(req).syndicateId, req.params.id, authorOf(req, now())),
  );

  app.post(
    '/api/members/:id/claim-link',
    {
      onRequest: [requireAdminOf(getMember), lookUpFirst(getMember)],
      schema: {
        tags,
        params: memberIdParamsSchema,
        response: { 201: claimLinkSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (req, reply) => {
      const link = await createClaimLink(
        db,
        tenantOf(req).syndicateId,
        req.params.id,
        env.publicUrl,
        authorOf(req, now()),
      );
      return reply.code(201).send(link);
    },
  );
});

/**
 * POST /api/members/claim needs a session but no syndicate (like joining by code): the person
 * opening a claim link may belong to none yet. The claimed syndicate becomes the active one.
 */
const claimRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  app.post(
    '/api/members/claim',
    {
      onRequest: requireSession,
      schema: {
        tags,
        body: claimMemberSchema,
        response: { 200: memberSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      const auth = requireUser(req);
      const { syndicateId, member } = await claimMember(db, auth.user.id, req.body.token, now());
      await setActiveSyndicate(db, auth.sessionHash, syndicateId);
      return member;
    },
  );
};

export const membersRoutes: FastifyPluginAsync = async (app) => {
  await app.register(scopedMembersRoutes);
  await app.register(claimRoutes);
};
