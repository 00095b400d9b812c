// The Racing API (https://www.theracingapi.com, docs at https://api.theracingapi.com/documentation):
// UK, Irish and Hong Kong race cards. HTTP Basic auth with the account's API username and password,
// which the syndicate saves as its key in the form "USERNAME:PASSWORD". Two endpoints of the free
// plan: GET /v1/courses/regions (cheap: the key check) and GET /v1/racecards/free?day=today|tomorrow
// (RacecardsBasicPage: {racecards: RacecardBasic[], total, limit, skip, query}); and, for results,
// GET /v1/results?start_date&end_date&limit&skip (ResultsStandardPage; the Standard plan or higher).
import { z } from 'zod';
import { type DayKey, dayKeyIn, startOfDayKey } from '../../../../shared/dates';
import { createRaceSchema, RACE_NAME_MAX, VENUE_MAX } from '../../../../shared/race';
import {
  type CheckResult,
  ProviderError,
  type ProviderRace,
  type ProviderResult,
  type RacingProvider,
} from './provider';
import { mapResult, resultSchema } from './the-racing-api-results';
import { mapRunners } from './the-racing-api-runners';

export const THE_RACING_API_URL = 'https://api.theracingapi.com';
const NAME = 'The Racing API';
const ID_PREFIX = 'theracingapi:';
/** The provider's own day: its `date` field and "today" are UK days. */
const PROVIDER_TIME_ZONE = 'Europe/London';
/** Time limits, in ms: the status check is quick; a day's cards or results can be large. */
const CHECK_TIMEOUT_MS = 5_000;
const CARDS_TIMEOUT_MS = 15_000;
/** Largest page the race-card endpoint serves (its `limit` maximum). */
const PAGE_LIMIT = 500;
/** Largest page of results (the endpoint's `limit` maximum), and how many pages a day may take. */
const RESULTS_PAGE_LIMIT = 100;
const RESULTS_MAX_PAGES = 20;
/** How far back results are served (the plan's 12 months), in days. */
const RESULTS_HISTORY_DAYS = 365;

/** A key the provider accepts elsewhere, refused on results: the plan has no results. */
export const NO_RESULTS_PLAN =
  'Your The Racing API plan does not include results (they need its Standard plan or higher). Enter results by hand, or upgrade the plan.';
export const REFUSED_KEY = 'The Racing API refused the API key';
export const UNREACHABLE = 'The Racing API could not be reached. Please try again later.';

const racecardSchema = z.object({
  race_id: z.string().min(1),
  course: z.string().min(1),
  date: z.string(),
  off_time: z.string().nullish(),
  off_dt: z.string().nullish(),
  race_name: z.string().min(1),
  distance_f: z.string().nullish(),
  region: z.string().nullish(),
  pattern: z.string().nullish(),
  race_class: z.string().nullish(),
  type: z.string().nullish(),
  age_band: z.string().nullish(),
  rating_band: z.string().nullish(),
  prize: z.string().nullish(),
  field_size: z.string().nullish(),
  going: z.string().nullish(),
  surface: z.string().nullish(),
  runners: z.array(z.unknown()).nullish().catch(null),
});
type Racecard = z.infer<typeof racecardSchema>;

/** The calendar day `days` after 'YYYY-MM-DD' (before, when negative). */
const addDays = (key: DayKey, days: number): DayKey =>
  new Date(Date.parse(`${key}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const nextDay = (key: DayKey): DayKey => addDays(key, 1);

const pageSchema = z.object({ racecards: z.array(z.unknown()) });
const resultsPageSchema = z.object({
  results: z.array(z.unknown()).nullable(),
  total: z.number().int().nonnegative().nullish(),
});

function basicAuth(apiKey: string): string {
  const colon = apiKey.indexOf(':');
  const [user, pass] = colon === -1 ? [apiKey, ''] : [apiKey.slice(0, colon), apiKey.slice(colon + 1)];
  return `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
}

const cut = (text: string | null | undefined, max: number) => (text ? text.trim().slice(0, max) : null);

/**
 * The off time as an instant: off_dt (ISO with offset) when given, else date + off_time read as
 * UK local time. off_time is a 12-hour clock without am/pm ("1:50"); racing runs from late morning
 * to evening, so 1:00–10:59 are afternoon and evening.
 */
export function offTime(card: Racecard): string | null {
  if (card.off_dt) {
    const at = new Date(card.off_dt);
    if (!Number.isNaN(at.getTime())) return at.toISOString();
  }
  const m = /^(\d{1,2}):(\d{2})$/.exec(card.off_time ?? '');
  if (!m) return null;
  let hour = Number(m[1]);
  if (hour >= 1 && hour <= 10) hour += 12;
  try {
    const start = startOfDayKey(card.date, PROVIDER_TIME_ZONE);
    return new Date(start.getTime() + (hour * 60 + Number(m[2])) * 60_000).toISOString();
  } catch {
    return null;
  }
}

/** "7.0" → "7f", "7.5" → "7.5f" (furlongs). */
const furlongs = (distance: string | null | undefined) => {
  const n = Number(distance);
  return distance && Number.isFinite(n) && n > 0 ? `${n}f` : null;
};

/** Maps the day's cards to races; numbers each meeting's races in off-time order. */
export function mapRacecards(cards: readonly Racecard[]): { races: ProviderRace[]; invalid: number } {
  const timed = cards.map((card) => ({ card, date: offTime(card) }));
  const byMeeting = new Map<string, string[]>();
  for (const { card, date } of timed) {
    if (!date) continue;
    const key = `${card.course}|${card.date}`;
    byMeeting.set(key, [...(byMeeting.get(key) ?? []), date]);
  }
  for (const dates of byMeeting.values()) dates.sort();
  const races: ProviderRace[] = [];
  let invalid = 0;
  for (const { card, date } of timed) {
    const number = date ? (byMeeting.get(`${card.course}|${card.date}`)?.indexOf(date) ?? -1) + 1 : 0;
    const custom = Object.entries({
      region: card.region,
      class: card.race_class,
      prize: card.prize,
      runners: card.field_size,
      surface: card.surface,
      source: 'The Racing API',
    }).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '');
    const parsed = createRaceSchema.safeParse({
      name: cut(card.race_name, RACE_NAME_MAX),
      venue: cut(card.course, VENUE_MAX),
      date,
      description: [card.race_class, card.pattern, card.age_band, card.rating_band]
        .filter(Boolean)
        .join(' · '),
      raceNumber: number > 0 && number <= 999 ? number : null,
      distance: furlongs(card.distance_f),
      raceType: cut(card.type, 100),
      trackCondition: cut(card.going, 100),
      customFields: Object.fromEntries(custom.map(([k, v]) => [k, v.slice(0, 200)])),
    });
    if (parsed.success)
      races.push({
        ...parsed.data,
        externalId: `${ID_PREFIX}${card.race_id}`,
        runners: mapRunners(card.runners),
      });
    else invalid++;
  }
  return { races, invalid };
}

export function theRacingApi(baseUrl: string = THE_RACING_API_URL): RacingProvider {
  const base = baseUrl.replace(/\/+$/, '');
  const get = (path: string, apiKey: string, timeoutMs: number) =>
    fetch(`${base}${path}`, {
      headers: { Authorization: basicAuth(apiKey), Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });

  /** The JSON of a 200 answer (null when it is not JSON); a ProviderError for anything else. */
  async function getJson(path: string, apiKey: string, refused: () => Promise<ProviderError>) {
    let res: Response;
    try {
      res = await get(path, apiKey, CARDS_TIMEOUT_MS);
    } catch {
      throw new ProviderError('unreachable', UNREACHABLE);
    }
    if (!res.ok) await res.body?.cancel();
    if (res.status === 401 || res.status === 403) throw await refused();
    if (!res.ok)
      throw new ProviderError(
        'unreachable',
        `The Racing API answered ${res.status}. Please try again later.`,
      );
    return res.json().catch(() => null);
  }
  const keyRefused = async () => new ProviderError('refused', REFUSED_KEY);
  const unexpected = () => new ProviderError('unreachable', 'The Racing API sent an unexpected answer');

  const provider: RacingProvider = {
    name: NAME,
    idPrefix: ID_PREFIX,
    timeZone: PROVIDER_TIME_ZONE,

    async check(apiKey): Promise<CheckResult> {
      try {
        const res = await get('/v1/courses/regions', apiKey, CHECK_TIMEOUT_MS);
        await res.body?.cancel();
        if (res.ok) return 'ok';
        return res.status === 401 || res.status === 403 ? 'refused' : 'unreachable';
      } catch {
        return 'unreachable';
      }
    },

    async raceCards(apiKey, day: DayKey, now) {
      const today = dayKeyIn(now, PROVIDER_TIME_ZONE);
      const which = day === today ? 'today' : day === nextDay(today) ? 'tomorrow' : null;
      if (!which)
        throw new ProviderError(
          'unsupported-date',
          `The Racing API serves race cards for today and tomorrow only (UK days: ${today} and ${nextDay(today)})`,
        );
      const body = await getJson(`/v1/racecards/free?day=${which}&limit=${PAGE_LIMIT}`, apiKey, keyRefused);
      const page = pageSchema.safeParse(body);
      if (!page.success) throw unexpected();
      const cards: Racecard[] = [];
      let invalid = 0;
      for (const raw of page.data.racecards) {
        const card = racecardSchema.safeParse(raw);
        if (!card.success) invalid++;
        else if (card.data.date === day) cards.push(card.data);
      }
      const mapped = mapRacecards(cards);
      return { races: mapped.races, invalid: invalid + mapped.invalid };
    },

    async results(apiKey, day: DayKey, now) {
      const today = dayKeyIn(now, PROVIDER_TIME_ZONE);
      if (day > today)
        throw new ProviderError(
          'unsupported-date',
          `The Racing API has no results for a day still to come (today is ${today} in the UK)`,
        );
      if (day < addDays(today, -RESULTS_HISTORY_DAYS))
        throw new ProviderError(
          'unsupported-date',
          'The Racing API serves results for the last 12 months only',
        );
      // Refused here, yet accepted by the key check: the key is good but its plan has no results.
      const noResults = async () =>
        (await provider.check(apiKey)) === 'ok'
          ? new ProviderError('no-results-access', NO_RESULTS_PLAN)
          : new ProviderError('refused', REFUSED_KEY);
      const results: ProviderResult[] = [];
      let invalid = 0;
      for (let page = 0; page < RESULTS_MAX_PAGES; page++) {
        const query = new URLSearchParams({
          start_date: day,
          end_date: day,
          limit: String(RESULTS_PAGE_LIMIT),
          skip: String(page * RESULTS_PAGE_LIMIT),
        });
        const parsed = resultsPageSchema.safeParse(await getJson(`/v1/results?${query}`, apiKey, noResults));
        if (!parsed.success) throw unexpected();
        const records = parsed.data.results ?? [];
        for (const raw of records) {
          const record = resultSchema.safeParse(raw);
          const mapped =
            record.success && record.data.date === day ? mapResult(record.data, ID_PREFIX) : null;
          if (!record.success || mapped === 'invalid') invalid++;
          else if (mapped && mapped !== 'unfinished') results.push(mapped);
        }
        const total = parsed.data.total ?? 0;
        if (records.length < RESULTS_PAGE_LIMIT || (page + 1) * RESULTS_PAGE_LIMIT >= total) break;
      }
      return { results, invalid };
    },
  };
  return provider;
}
