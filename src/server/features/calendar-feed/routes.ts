// The calendar feed (docs/insights.md): POST and DELETE /api/calendar/feed for the signed-in
// member; GET /api/calendar/<token>.ics needs no session (calendar apps cannot sign in), so it is
// registered outside scopedRoutes and the token is the only key.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedRoutes, tenantOf } from '../../auth/context';
import { errorSchema, noContent } from '../../lib/response-schemas';
import { createFeed, feedIcs, feedStatus, revokeFeed } from './service';

export const FEED_NOT_FOUND = 'This calendar feed does not exist or was revoked';
const tags = ['calendar'];

export const calendarFeedRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env, now } = app.deps;

  app.get(
    '/api/calendar/feed',
    {
      schema: {
        tags,
        description: 'Whether the caller has a working feed address (the address is shown only when made)',
        response: { 200: z.object({ active: z.boolean(), createdAt: z.string().nullable() }) },
      },
    },
    async (req) => {
      const { syndicateId, memberId } = tenantOf(req);
      return feedStatus(db, syndicateId, memberId);
    },
  );

  app.post(
    '/api/calendar/feed',
    {
      schema: {
        tags,
        description: 'A new personal feed address; the earlier one stops working',
        response: { 201: z.object({ url: z.string() }) },
      },
    },
    async (req, reply) => {
      const { syndicateId, memberId } = tenantOf(req);
      return reply.code(201).send(await createFeed(db, syndicateId, memberId, env.publicUrl, now()));
    },
  );

  app.delete(
    '/api/calendar/feed',
    { schema: { tags, description: 'Revokes the personal feed address', response: { 204: noContent } } },
    async (req, reply) => {
      const { syndicateId, memberId } = tenantOf(req);
      await revokeFeed(db, syndicateId, memberId, now());
      return reply.code(204).send(null);
    },
  );
});

/** GET /api/calendar/:token.ics — public: the secret token is the credential. */
export const calendarFeedFileRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env, now } = app.deps;
  app.get(
    '/api/calendar/:token.ics',
    {
      schema: {
        tags,
        description: 'The iCalendar feed (no session: the address is the secret)',
        params: z.object({ token: z.string().max(100) }),
        response: {
          200: {
            description: 'text/calendar (RFC 5545)',
            content: { 'text/calendar': { schema: z.string() } },
          },
          404: errorSchema.describe(FEED_NOT_FOUND),
        },
      },
    },
    async (req, reply) => {
      const ics = await feedIcs(db, req.params.token, env.publicUrl, now());
      if (ics === null) return reply.code(404).send({ message: FEED_NOT_FOUND });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(ics);
    },
  );
};
