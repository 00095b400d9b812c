// The activity feed (every member) and the audit log (admins only: it carries the changes).
// docs/insights.md "Activity and audit".
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityPageSchema,
  activityQuerySchema,
  auditPageSchema,
  auditQuerySchema,
} from '../../../shared/audit';
import { requireAdmin, scopedRoutes, tenantOf } from '../../auth/context';
import { errorSchema } from '../../lib/response-schemas';
import { listActivity, listAudit } from './service';

export const auditRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['activity'];

  app.get(
    '/api/activity',
    {
      schema: {
        tags,
        description: "The syndicate's events, newest first (keyset-paged): who did what, without the changes",
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    async (req) => listActivity(db, tenantOf(req).syndicateId, req.query),
  );

  app.get(
    '/api/audit',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        description: 'The audit log with each update’s changes, filtered; admins only',
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          404: errorSchema.describe('actorMemberId is not a member of the syndicate'),
        },
      },
    },
    async (req) => listAudit(db, tenantOf(req).syndicateId, req.query),
  );
});
