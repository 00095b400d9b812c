// Insights: every member reads (DESIGN "Roles"); tenancy as everywhere. docs/insights.md.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  insightsBreakdownQuerySchema,
  insightsBreakdownSchema,
  insightsShareQuerySchema,
  insightsShareSchema,
  insightsSummaryQuerySchema,
  insightsSummarySchema,
  insightsTimelineQuerySchema,
  insightsTimelineSchema,
} from '../../../shared/insights';
import { scopedRoutes, tenantOf } from '../../auth/context';
import { errorSchema } from '../../lib/response-schemas';
import { getBreakdown, getSummary, getTimeline } from './service';
import { shareSummary } from './share';

export const insightsRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const tags = ['insights'];

  app.get(
    '/api/insights/summary',
    {
      schema: {
        tags,
        querystring: insightsSummaryQuerySchema,
        response: {
          200: insightsSummarySchema,
          404: errorSchema.describe('memberId is not a member of the syndicate'),
        },
      },
    },
    async (req) => getSummary(db, tenantOf(req).syndicateId, req.query),
  );

  app.get(
    '/api/insights/breakdown',
    {
      schema: { tags, querystring: insightsBreakdownQuerySchema, response: { 200: insightsBreakdownSchema } },
    },
    async (req) => getBreakdown(db, tenantOf(req).syndicateId, req.query),
  );

  app.get(
    '/api/insights/timeline',
    { schema: { tags, querystring: insightsTimelineQuerySchema, response: { 200: insightsTimelineSchema } } },
    async (req) => getTimeline(db, tenantOf(req).syndicateId, req.query),
  );

  app.get(
    '/api/insights/share',
    {
      schema: {
        tags,
        description: 'The week or month so far as plain text for a group chat',
        querystring: insightsShareQuerySchema,
        response: { 200: insightsShareSchema },
      },
    },
    async (req) => shareSummary(db, tenantOf(req).syndicateId, req.query.period, now()),
  );
});
