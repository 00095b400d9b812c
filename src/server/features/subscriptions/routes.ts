import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberIdParamsSchema } from '../../../shared/member';
import {
  assignSubscriptionSchema,
  memberSubscriptionSchema,
  planIdParamsSchema,
  planInputSchema,
  planSchema,
} from '../../../shared/subscription';
import { requireAdmin, requireAdminOf, requireUser, scopedRoutes, tenantOf } from '../../auth/context';
import { lookUpFirst } from '../../auth/tenancy-first';
import { idempotencyHeaderSchema, idempotentWrite } from '../../lib/idempotency';
import { authorOf } from '../audit/record';
import { getMember } from '../members/service';
import { assignSubscription, listMemberSubscriptions } from './member-subscriptions-service';
import { createPlan, deletePlan, findPlan, listPlans, updatePlan } from './service';

const messageSchema = z.object({ message: z.string() });
const tags = ['subscriptions'];

export const subscriptionsRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const adminOfPlan = requireAdminOf(findPlan);
  const adminOfMember = requireAdminOf(getMember);

  app.get('/api/subscriptions', { schema: { tags, response: { 200: z.array(planSchema) } } }, async (req) =>
    listPlans(db, tenantOf(req).syndicateId, now()),
  );

  app.post(
    '/api/subscriptions',
    { onRequest: requireAdmin, schema: { tags, body: planInputSchema, response: { 201: planSchema } } },
    async (req, reply) =>
      reply.code(201).send(await createPlan(db, tenantOf(req).syndicateId, req.body, authorOf(req, now()))),
  );

  app.put(
    '/api/subscriptions/:id',
    {
      // Another syndicate's plan or member answers 404 before the body is read (auth/tenancy-first.ts).
      onRequest: [adminOfPlan, lookUpFirst(findPlan)],
      schema: {
        tags,
        params: planIdParamsSchema,
        body: planInputSchema,
        response: { 200: planSchema, 404: messageSchema },
      },
    },
    async (req) => updatePlan(db, tenantOf(req).syndicateId, req.params.id, req.body, authorOf(req, now())),
  );

  app.delete(
    '/api/subscriptions/:id',
    {
      onRequest: adminOfPlan,
      schema: {
        tags,
        params: planIdParamsSchema,
        response: { 204: z.null(), 404: messageSchema, 409: messageSchema },
      },
    },
    async (req, reply) => {
      await deletePlan(db, tenantOf(req).syndicateId, req.params.id, authorOf(req, now()));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/members/:id/subscriptions',
    {
      schema: {
        tags,
        params: memberIdParamsSchema,
        response: { 200: z.array(memberSubscriptionSchema), 404: messageSchema },
      },
    },
    async (req) => listMemberSubscriptions(db, tenantOf(req).syndicateId, req.params.id),
  );

  app.post(
    '/api/members/:id/subscriptions',
    {
      onRequest: [adminOfMember, lookUpFirst(getMember)],
      schema: {
        tags,
        params: memberIdParamsSchema,
        headers: idempotencyHeaderSchema,
        body: assignSubscriptionSchema,
        response: {
          201: memberSubscriptionSchema,
          404: messageSchema,
          422: messageSchema.describe('This Idempotency-Key was already used with a different request'),
        },
      },
    },
    // It charges the plan's price as dues (docs/bank.md): with an Idempotency-Key, a retry or a
    // second tap gets the first answer and charges nothing more (lib/idempotency.ts).
    async (req, reply) => {
      const { syndicateId } = tenantOf(req);
      const by = authorOf(req, now());
      const owner = { syndicateId, userId: requireUser(req).user.id };
      return idempotentWrite(db, req, reply, owner, by.now, (tx) =>
        assignSubscription(tx, syndicateId, req.params.id, req.body, by),
      );
    },
  );
});
