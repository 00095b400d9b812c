import { eq } from 'drizzle-orm';
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
  input: Omit<Settings, 'timezone'> & { timezone?: string | undefined },
): Promise<Settings> {
  const [row] = await db
    .update(syndicates)
    .set({
      name: input.syndicateName,
      defaultBetAmountCents: toCents(input.defaultBetAmount),
      currency: input.currency,
      rotationStrategy: input.rotationStrategy,
      ...(input.timezone ? { timezone: input.timezone } : {}),
    })
    .where(eq(syndicates.id, syndicateId))
    .returning(columns);
  if (!row) throw notFound();
  return toSettings(row);
}
