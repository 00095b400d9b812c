// The horse names the assistant can recognise: the distinct names of the syndicate's newest bets
// (the same BETS_LIST_CAP bets the bets list shows), newest first. Read with one narrow query
// instead of through listBets, because the full bet rows (joined, parsed, converted) cost about
// 10–15 ms of CPU per 2,000 bets, and recognising a name needs only one column. A horse's answer
// then counts every bet on it, however old (answers.horse).
import { BETS_LIST_CAP } from '../../shared/bet';
import type { Db } from '../db/client';

const STATEMENT = {
  name: 'assistant_horse_names',
  text: `select horse_name
           from (select horse_name, date, id from bets where syndicate_id = $1
                  order by date desc, id desc limit $2) b
          group by horse_name
          order by max(date) desc, max(id) desc`,
};

export async function horseNames(db: Db, syndicateId: number): Promise<string[]> {
  const { rows } = await db.$client.query<{ horse_name: string }>({
    ...STATEMENT,
    values: [syndicateId, BETS_LIST_CAP],
  });
  return rows.map((r) => r.horse_name);
}
