// The horse names the assistant can recognise: the distinct names of the syndicate's bets, the
// most recently backed first, at most HORSE_NAMES_MAX of them (a syndicate's whole history of
// horses, in practice: 100,000 bets of the bench's big syndicate name 997). Capped by names,
// not by bets, so a horse last backed years ago is still known; the cap bounds what one question
// may cost, as every name is normalised for matching (fuzzy.ts). Read with one narrow query:
// recognising a name needs only that column. A horse's answer then counts every bet on it
// (answers.horse).
import type { Db } from '../db/client';

/**
 * Most distinct horse names the assistant matches a question against. The worst questions of
 * cpu-budget.test.ts (10,000 look-alike names) cost about a fifth more CPU with 3,000 names than
 * with the names of the newest 2,000 bets; 5,000 names nearly doubled it.
 */
export const HORSE_NAMES_MAX = 3000;

const STATEMENT = {
  name: 'assistant_horse_names',
  text: `select horse_name from bets where syndicate_id = $1
          group by horse_name
          order by max(date) desc, max(id) desc
          limit $2`,
};

export async function horseNames(db: Db, syndicateId: number): Promise<string[]> {
  const { rows } = await db.$client.query<{ horse_name: string }>({
    ...STATEMENT,
    values: [syndicateId, HORSE_NAMES_MAX],
  });
  return rows.map((r) => r.horse_name);
}
