// The syndicate bank (docs/bank.md). Every member reads the books; only admins write (403), and
// every write honours Idempotency-Key (idempotency.ts). Ids of another syndicate answer 404.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustmentResultSchema,
  adjustmentSchema,
  bankEntryIdParamsSchema,
  bankEntrySchema,
  bankMemberParamsSchema,
  bankSummarySchema,
  distributionPreviewSchema,
  distributionResultSchema,
  distributionSchema,
  entriesPageSchema,
  entriesQuerySchema,
  moneyMovementSchema,
  reverseSchema,
  statementQuerySchema,
  statementSchema,
} from '../../../shared/bank';
import { dayKeyIn } from '../../../shared/dates';
import { requireAdmin, requireAdminOf, requireUser, scopedRoutes, tenantOf } from '../../auth/context';
import { lookUpFirst } from '../../auth/tenancy-first';
import { CSV_BOM } from '../../lib/csv';
import { idempotencyHeaderSchema } from '../../lib/idempotency';
import { sendJsonText } from '../../lib/json-text';
import { errorSchema } from '../../lib/response-schemas';
import { STATEMENT_CSV_HEADER, statementFileName } from './csv';
import { bankWrite } from './idempotency';
import {
  bankSummaryJson,
  distribute,
  findEntry,
  listEntries,
  memberStatement,
  recordAdjustment,
  recordContribution,
  recordPayout,
  reverseEntry,
  statementCsvLines,
} from './service';

const tags = ['bank'];
/** What a bank write can answer besides success: refusals, and a reused Idempotency-Key. */
const writeErrors = {
  404: errorSchema.describe('A member or entry not in the syndicate'),
  409: errorSchema.describe('Refused by the books (the message says which rule and by how much)'),
  422: errorSchema.describe('This Idempotency-Key was already used with a different request'),
};

export const bankRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const callerOf = (req: Parameters<typeof tenantOf>[0]) => {
    const tenant = tenantOf(req);
    return { syndicateId: tenant.syndicateId, memberId: tenant.memberId, userId: requireUser(req).user.id };
  };

  // The summary arrives as its JSON text (bankSummaryJson): lib/json-text.ts.
  app.get('/api/bank', { schema: { tags, response: { 200: bankSummarySchema } } }, async (req, reply) =>
    sendJsonText(reply, await bankSummaryJson(db, tenantOf(req).syndicateId, now())),
  );

  app.get(
    '/api/bank/entries',
    {
      schema: {
        tags,
        querystring: entriesQuerySchema,
        response: { 200: entriesPageSchema, 404: errorSchema.describe("memberId is not the syndicate's") },
      },
    },
    async (req) => listEntries(db, tenantOf(req).syndicateId, req.query),
  );

  app.get(
    '/api/bank/members/:memberId/statement',
    {
      schema: {
        tags,
        params: bankMemberParamsSchema,
        querystring: statementQuerySchema,
        response: {
          200: {
            description:
              'The statement; `?format=csv` answers text/csv (date,type,description,amount,balance)',
            content: {
              'application/json': { schema: statementSchema },
              'text/csv': { schema: z.string() },
            },
          },
          404: errorSchema.describe('Member not found'),
        },
      },
    },
    async (req, reply) => {
      const { syndicateId } = tenantOf(req);
      if (req.query.format !== 'csv') return memberStatement(db, syndicateId, req.params.memberId);
      const { member, lines } = await statementCsvLines(db, syndicateId, req.params.memberId);
      const { rows } = await db.$client.query<{ timezone: string }>(
        'select timezone from syndicates where id = $1',
        [syndicateId],
      );
      const today = dayKeyIn(now(), rows[0]?.timezone ?? 'UTC');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementFileName(member.name, today)}"`)
        .send(`${CSV_BOM}${STATEMENT_CSV_HEADER}\r\n${lines === null ? '' : `${lines}\r\n`}`);
    },
  );

  app.post(
    '/api/bank/contributions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        headers: idempotencyHeaderSchema,
        body: moneyMovementSchema,
        response: { 201: bankEntrySchema, ...writeErrors },
      },
    },
    async (req, reply) =>
      bankWrite(db, req, reply, callerOf(req), now(), (ctx) => recordContribution(ctx, req.body)),
  );

  app.post(
    '/api/bank/payouts',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        headers: idempotencyHeaderSchema,
        body: moneyMovementSchema,
        response: { 201: bankEntrySchema, ...writeErrors },
      },
    },
    async (req, reply) =>
      bankWrite(db, req, reply, callerOf(req), now(), (ctx) => recordPayout(ctx, req.body)),
  );

  app.post(
    '/api/bank/adjustments',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        headers: idempotencyHeaderSchema,
        body: adjustmentSchema,
        response: { 201: adjustmentResultSchema, ...writeErrors },
      },
    },
    async (req, reply) =>
      bankWrite(db, req, reply, callerOf(req), now(), async (ctx) => ({
        entries: await recordAdjustment(ctx, req.body),
      })),
  );

  app.post(
    '/api/bank/entries/:id/reverse',
    {
      onRequest: [requireAdminOf(findEntry), lookUpFirst(findEntry)],
      schema: {
        tags,
        headers: idempotencyHeaderSchema,
        params: bankEntryIdParamsSchema,
        body: reverseSchema,
        response: { 201: bankEntrySchema, ...writeErrors },
      },
    },
    async (req, reply) =>
      bankWrite(db, req, reply, callerOf(req), now(), (ctx) =>
        reverseEntry(ctx, req.params.id, req.body.reason),
      ),
  );

  app.post(
    '/api/bank/distributions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        headers: idempotencyHeaderSchema,
        body: distributionSchema,
        response: { 200: distributionPreviewSchema, 201: distributionResultSchema, ...writeErrors },
      },
    },
    async (req, reply) =>
      bankWrite(
        db,
        req,
        reply,
        callerOf(req),
        now(),
        (ctx) => distribute(ctx, req.body),
        () => (req.body.dryRun ? 200 : 201),
      ),
  );
});
