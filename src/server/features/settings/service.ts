// The syndicate's settings, and its time zone for every service that reads a date input:
// a bare day names the start of that day there, a date-time names its day there.
import { eq, sql } from 'drizzle-orm';
import { type DayKey, dayOf, instantOf, isDayInput } from '../../../shared/dates';
import { toCents } from '../../../shared/money';
import type { Settings } from '../../../shared/settings';
import { builtOnce, type Db } from '../../db/client';
import { syndicates } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { type Author, recordEvent } from '../audit/record';
import { apiKeySaved, settingsUpdated } from '../audit/settings-events';
import { saveRacingApiKey } from '../racing/api-key';

const columns = {
  syndicateName: syndicates.name,
  defaultBetAmountCents: syndicates.defaultBetAmountCents,
  currency: syndicates.currency,
  rotationStrategy: syndicates.rotationStrategy,
  timezone: syndicates.timezone,
  shareBasis: syndicates.shareBasis,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

function toSettings({ defaultBetAmountCents, ...rest }: Row): Settings {
  return { ...rest, defaultBetAmount: defaultBetAmountCents / 100 };
}

const settingsOf = builtOnce((db) =>
  db
    .select(columns)
    .from(syndicates)
    .where(eq(syndicates.id, sql.placeholder('syndicateId')))
    .limit(1)
    .prepare('settings_of'),
);

export async function getSettings(db: Db, syndicateId: number): Promise<Settings> {
  const [row] = await settingsOf(db).execute({ syndicateId });
  if (!row) throw notFound();
  return toSettings(row);
}

export async function updateSettings(
  db: Db,
  syndicateId: number,
  input: Omit<Settings, 'timezone' | 'shareBasis'> & {
    timezone?: string | undefined;
    shareBasis?: Settings['shareBasis'] | undefined;
  },
  by: Author,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    // A new time zone rebuilds the syndicate's local days (db/bet-stats-trigger.ts), which locks
    // bets against writes; taken first, before the syndicate's row, as a settlement takes them
    // in that order (bet, then the bank's lock on the syndicate), so the two cannot deadlock.
    if (input.timezone && input.timezone !== (await syndicateTimeZone(tx, syndicateId))) {
      await tx.execute(sql`lock table bets in share mode`);
    }
    const [before] = await tx
      .select(columns)
      .from(syndicates)
      .where(eq(syndicates.id, syndicateId))
      .for('no key update');
    if (!before) throw notFound();
    const [row] = await tx
      .update(syndicates)
      .set({
        name: input.syndicateName,
        defaultBetAmountCents: toCents(input.defaultBetAmount),
        currency: input.currency,
        rotationStrategy: input.rotationStrategy,
        ...(input.timezone ? { timezone: input.timezone } : {}),
        ...(input.shareBasis ? { shareBasis: input.shareBasis } : {}),
      })
      .where(eq(syndicates.id, syndicateId))
      .returning(columns);
    if (!row) throw notFound();
    if (row.timezone !== before.timezone)
      await keepRemindersOnTheirDays(tx, syndicateId, before.timezone, row.timezone);
    const settings = toSettings(row);
    const event = settingsUpdated(syndicateId, toSettings(before), settings);
    if (event) await recordEvent(tx, syndicateId, by, event);
    return settings;
  });
}

/**
 * A reminder is due on a day (its date is the start of that day, or a time on it, in the zone it
 * was made in). When the syndicate's zone changes, each keeps its wall-clock time in the new zone,
 * so it stays on its day: read in the new zone as it was, a reminder made in UTC for 20 June
 * showed in New York as due on 19 June. Races and bets are instants and do not move.
 */
async function keepRemindersOnTheirDays(
  tx: Pick<Db, 'execute'>,
  syndicateId: number,
  from: string,
  to: string,
): Promise<void> {
  await tx.execute(sql`
    update reminders set date = (date at time zone ${from}::text) at time zone ${to}::text
     where syndicate_id = ${syndicateId}`);
}

/**
 * Saves the racing data API key (sealed by features/racing/api-key.ts) and records that it was
 * saved, in one transaction; the event never holds the key nor any part of it.
 */
export async function saveApiKey(
  db: Db,
  syndicateId: number,
  secret: string,
  apiKey: string,
  by: Author,
): Promise<{ configured: true; last4: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ sealed: syndicates.racingApiKeyEnc })
      .from(syndicates)
      .where(eq(syndicates.id, syndicateId))
      .for('no key update');
    if (!before) throw notFound();
    // saveRacingApiKey (owned by the racing feature) is typed for the pool's handle but only calls
    // update(), which a transaction has too: handing it the transaction keeps the key and its
    // event in one commit. (Widening its parameter to Pick<Db, 'update'> would drop this cast.)
    const saved = await saveRacingApiKey(tx as unknown as Db, syndicateId, secret, apiKey);
    await recordEvent(tx, syndicateId, by, apiKeySaved(syndicateId, before.sealed !== null));
    return saved;
  });
}

type Reader = Pick<Db, 'select'>;

/** The syndicate's IANA time zone (settings.timezone). */
export async function syndicateTimeZone(db: Reader, syndicateId: number): Promise<string> {
  const [row] = await db
    .select({ timezone: syndicates.timezone })
    .from(syndicates)
    .where(eq(syndicates.id, syndicateId))
    .limit(1);
  if (!row) throw notFound();
  return row.timezone;
}

/** The instant a date input names; the zone is read only for a bare day (its first instant). */
export async function instantIn(db: Reader, syndicateId: number, value: string): Promise<Date> {
  return instantOf(value, isDayInput(value) ? await syndicateTimeZone(db, syndicateId) : 'UTC');
}

/** The day a date input names; the zone is read only for a date-time (its day in the zone). */
export async function dayIn(db: Reader, syndicateId: number, value: string): Promise<DayKey> {
  return dayOf(value, isDayInput(value) ? 'UTC' : await syndicateTimeZone(db, syndicateId));
}
