// The syndicate's settings, and its time zone for every service that reads a date input:
// a bare day names the start of that day there, a date-time names its day there.
import { eq } from 'drizzle-orm';
import { type DayKey, dayOf, instantOf, isDayInput } from '../../../shared/dates';
import { toCents } from '../../../shared/money';
import type { Settings } from '../../../shared/settings';
import type { Db } from '../../db/client';
import { syndicates } from '../../db/schema';
import { notFound } from '../../lib/http-error';

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

export async function getSettings(db: Db, syndicateId: number): Promise<Settings> {
  const [row] = await db.select(columns).from(syndicates).where(eq(syndicates.id, syndicateId)).limit(1);
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
): Promise<Settings> {
  const [row] = await db
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
  return toSettings(row);
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
