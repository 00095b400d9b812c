// CSV exports (docs/csv.md): every member reads; tenancy as everywhere. The bets file streams.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportBetsQuerySchema } from '../../../shared/csv-io';
import { scopedRoutes, tenantOf } from '../../auth/context';
import { errorSchema } from '../../lib/response-schemas';
import { betsCsv, exportFileName, membersCsv, rankingsCsv } from './service';

const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
});

function asCsv(reply: FastifyReply, fileName: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
}

export const exportRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const tags = ['export'];

  app.get(
    '/api/export/bets.csv',
    {
      schema: {
        tags,
        querystring: exportBetsQuerySchema,
        response: {
          200: csvResponse('The bets (RFC 4180, a header row), oldest first; streamed'),
          404: errorSchema.describe('memberId is not a member of the syndicate'),
        },
      },
    },
    async (req, reply) => {
      const { syndicateId } = tenantOf(req);
      const chunks = await betsCsv(db, syndicateId, req.query);
      const name = await exportFileName(db, syndicateId, 'bets', now());
      return asCsv(reply, name).send(Readable.from(chunks));
    },
  );

  app.get(
    '/api/export/members.csv',
    { schema: { tags, response: { 200: csvResponse('The members with their betting record') } } },
    async (req, reply) => {
      const { syndicateId } = tenantOf(req);
      const name = await exportFileName(db, syndicateId, 'members', now());
      return asCsv(reply, name).send(await membersCsv(db, syndicateId));
    },
  );

  app.get(
    '/api/export/rankings.csv',
    { schema: { tags, response: { 200: csvResponse('The rankings, as the rankings page orders them') } } },
    async (req, reply) => {
      const { syndicateId } = tenantOf(req);
      const name = await exportFileName(db, syndicateId, 'rankings', now());
      return asCsv(reply, name).send(await rankingsCsv(db, syndicateId));
    },
  );
});
