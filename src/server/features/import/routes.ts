// Importing bets from CSV (docs/csv.md): admins only. The body is the file itself (text/csv, UTF-8,
// with or without a BOM), up to 5 MB (413 above). ?dryRun=true answers what would happen.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importBetsQuerySchema,
  importDryRunSchema,
  importErrorSchema,
  importResultSchema,
} from '../../../shared/csv-io';
import { requireAdmin, scopedRoutes, tenantOf } from '../../auth/context';
import { HttpError } from '../../lib/http-error';
import { errorSchema } from '../../lib/response-schemas';
import { dryRunImport, IMPORT_MAX_BYTES, IMPORT_RUNNING, ImportRefused, importBets } from './service';

/** Content types a CSV file arrives with (Windows labels .csv files as Excel's). */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'];
const TOO_LARGE = 'The file is larger than 5 MB';
const NOT_CSV = 'Send the file as text/csv';

/** 415 before the body is read when it is not a CSV file (JSON, a form…). */
async function requireCsv(req: FastifyRequest) {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CSV_TYPES.includes(type)) throw new HttpError(415, NOT_CSV);
}

export const importRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const tags = ['import'];

  app.addContentTypeParser(
    CSV_TYPES,
    { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/import/bets',
    {
      onRequest: [requireAdmin, requireCsv],
      bodyLimit: IMPORT_MAX_BYTES,
      // A 413 for an oversized file says so in words (Fastify's own message names bytes).
      errorHandler: (error, _req, reply) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          return reply.code(413).send({ message: TOO_LARGE });
        throw error;
      },
      schema: {
        tags,
        querystring: importBetsQuerySchema,
        body: z.string().describe('The CSV file (text/csv, UTF-8, a header row; at most 5 MB)'),
        response: {
          200: importDryRunSchema.describe('A dry run: rows, valid, errors, duplicates and a preview'),
          201: importResultSchema,
          400: importErrorSchema.describe('Not CSV, missing columns, or row errors (nothing imported)'),
          409: errorSchema.describe(IMPORT_RUNNING),
          413: errorSchema.describe(TOO_LARGE),
          415: errorSchema.describe(NOT_CSV),
        },
      },
    },
    async (req, reply) => {
      const { syndicateId, memberId } = tenantOf(req);
      if (req.query.dryRun) return dryRunImport(db, syndicateId, req.body);
      try {
        return reply.code(201).send(await importBets(db, syndicateId, memberId, req.body, now()));
      } catch (err) {
        if (err instanceof ImportRefused)
          return reply.code(400).send({ message: err.message, rows: err.rows, errors: err.errors });
        throw err;
      }
    },
  );
});
