// The Racing API (https://www.theracingapi.com, docs at https://api.theracingapi.com/documentation):
// UK, Irish and Hong Kong race cards. HTTP Basic auth with the account's API username and password,
// which the syndicate saves as its key in the form "USERNAME:PASSWORD". We use two endpoints of the
// free plan: GET /v1/courses/regions (cheap: the key check) and GET /v1/racecards/free?day=today|tomorrow
// (RacecardsBasicPage: {racecards: RacecardBasic[], total, limit, skip, query}).
import { z } from 'zod';
import { type DayKey, dayKeyIn, startOfDayKey } from '../../../../shared/dates';
import { createRaceSchema, RACE_NAME_MAX, VENUE_MAX } from '../../../../shared/race';
import { type CheckResult, ProviderError, type ProviderRace, type RacingProvider } from './provider';

export const THE_RACING_API_URL = 'https://api.theracingapi.com';
/** The provider's own day: its `date` field and "today" are UK days. */
const PROVIDER_TIME_ZONE = 'Europe/London';
/** Time limits, in ms: the status check is quick; a day's cards can be large. */
const CHECK_TIMEOUT_MS = 5_000;
const CARDS_TIMEOUT_MS = 15_000;
/** Largest page the endpoint serves (its `limit` maximum). */
const PAGE_LIMIT = 500;

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
});
type Racecard = z.infer<typeof racecardSchema>;

/** The calendar day after 'YYYY-MM-DD'. */
const nextDay = (key: DayKey): DayKey =>
  new Date(Date.parse(`${key}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const pageSchema = z.object({ racecards: z.array(z.unknown()) });

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
    if (parsed.success) races.push({ ...parsed.data, externalId: `theracingapi:${card.race_id}` });
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

  return {
    name: 'The Racing API',

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
      let res: Response;
      try {
        res = await get(`/v1/racecards/free?day=${which}&limit=${PAGE_LIMIT}`, apiKey, CARDS_TIMEOUT_MS);
      } catch {
        throw new ProviderError(
          'unreachable',
          'The Racing API could not be reached. Please try again later.',
        );
      }
      if (res.status === 401 || res.status === 403)
        throw new ProviderError('refused', 'The Racing API refused the API key');
      if (!res.ok)
        throw new ProviderError(
          'unreachable',
          `The Racing API answered ${res.status}. Please try again later.`,
        );
      const page = pageSchema.safeParse(await res.json().catch(() => null));
      if (!page.success) throw new ProviderError('unreachable', 'The Racing API sent an unexpected answer');
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
  };
}
