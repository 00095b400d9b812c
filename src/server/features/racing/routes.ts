import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateInputSchema } from '../../../shared/date-schemas';
import { racingStatusSchema } from '../../../shared/settings';
import { requireAdmin, scopedRoutes, tenantOf } from '../../auth/context';
import { errorSchema } from '../../lib/response-schemas';
import { authorOf } from '../audit/record';
import { dayIn } from '../settings/service';
import { importRaceCards } from './import-service';
import { pullResults } from './results-service';
import { getRacingStatus, ProviderCheckCache, racingProvider } from './service';

export const DATE_MESSAGE = 'Date must be a day (YYYY-MM-DD) or an ISO date-time';

// (Candidates for src/shared/racing.ts once a client form imports races.)
/** POST /api/racing/import: a day, or a date-time meaning its day in the syndicate's time zone. */
export const importRacesSchema = z.object({
  date: dateInputSchema({ required: DATE_MESSAGE, invalid: DATE_MESSAGE }),
});
export const importResultSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  /** Races imported before without runners that got the card's runners now. */
  runnersAdded: z.number().int(),
});

/** POST /api/racing/results: the day whose imported races' results to pull (as the import's). */
export const pullResultsBodySchema = importRacesSchema;
const count = (what: string) => z.number().int().describe(what);
export const pullResultsResponseSchema = z.object({
  applied: count('Imported races whose result was applied now (their pending bets settled)'),
  keptManual: count('Imported races the provider has a result for that keep the result entered by hand'),
  awaiting: count("The day's imported races the provider has no result for yet"),
  settled: count('Bets settled (or re-settled) by the applied results'),
  unmatched: count("Pending bets left pending: their horse is in neither the result nor the race's field"),
  invalid: count('Results the provider sent that could not be read'),
});

export const racingRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, sessionSecret, env, now } = app.deps;
  const tags = ['racing'];
  const provider = racingProvider(env);
  const checks = new ProviderCheckCache(provider, now);

  app.get('/api/racing/status', { schema: { tags, response: { 200: racingStatusSchema } } }, async (req) => {
    const { syndicateId } = tenantOf(req);
    return getRacingStatus(db, syndicateId, sessionSecret, checks.forSyndicate(syndicateId));
  });

  app.post(
    '/api/racing/import',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        body: importRacesSchema,
        response: {
          200: importResultSchema,
          502: errorSchema.describe('The racing-data provider could not be reached or failed'),
        },
      },
    },
    async (req) => {
      const { syndicateId } = tenantOf(req);
      const day = await dayIn(db, syndicateId, req.body.date);
      return importRaceCards(db, syndicateId, sessionSecret, provider, day, now(), authorOf(req, now()));
    },
  );

  // The day's results from the provider settle the bets on the imported races (results-service.ts).
  app.post(
    '/api/racing/results',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        body: pullResultsBodySchema,
        response: {
          200: pullResultsResponseSchema,
          502: errorSchema.describe('The racing-data provider could not be reached or failed'),
        },
      },
    },
    async (req) => {
      const { syndicateId } = tenantOf(req);
      const day = await dayIn(db, syndicateId, req.body.date);
      return pullResults(db, syndicateId, sessionSecret, provider, day, now());
    },
  );
});
