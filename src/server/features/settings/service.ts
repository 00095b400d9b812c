import { eq } from 'drizzle-orm';
import type { Settings } from '../../../shared/settings';
import type { Db } from '../../db/client';
import { syndicates } from '../../db/schema';
import { notFound } from '../../lib/http-error';

export async function getSettings(db: Db, syndicateId: number): Promise<Settings> {
  const [row] = await db
    .select({
      syndicateName: syndicates.name,
      defaultBetAmountCents: syndicates.defaultBetAmountCents,
      currency: syndicates.currency,
      rotationStrategy: syndicates.rotationStrategy,
      timezone: syndicates.timezone,
    })
    .from(syndicates)
    .where(eq(syndicates.id, syndicateId))
    .limit(1);
  if (!row) throw notFound();
  const { defaultBetAmountCents, ...rest } = row;
  return { ...rest, defaultBetAmount: defaultBetAmountCents / 100 };
}
