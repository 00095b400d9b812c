import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMemberSchema,
  memberIdParamsSchema,
  memberListQuerySchema,
  memberSchema,
  updateMemberSchema,
} from '../../../shared/member';
import { requireAdmin, requireAdminOf, scopedRoutes, tenantOf } from '../../auth/context';
import { archiveMember, createMember, getMember, listMembers, updateMember } from './service';

const messageSchema = z.object({ message: z.string() });
const tags = ['members'];

export const membersRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

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
      await archiveMember(db, syndicateId, memberId, now());
      return reply.code(204).send(null);
    },
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
      const member = await createMember(db, tenantOf(req).syndicateId, req.body);
      return reply.code(201).send(member);
    },
  );

  app.put(
    '/api/members/:id',
    {
      schema: {
        tags,
        params: memberIdParamsSchema,
        body: updateMemberSchema,
        response: { 200: memberSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      const { syndicateId, memberId, role } = tenantOf(req);
      return updateMember(db, syndicateId, { memberId, role }, req.params.id, req.body);
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
      await archiveMember(db, tenantOf(req).syndicateId, req.params.id, now());
      return reply.code(204).send(null);
    },
  );
});
