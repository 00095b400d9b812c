// GET /api/insights/share: the week or month so far as plain text for a group chat — the bets and
// profit, the best winner, the top punter, who bets next and the bank's balance (docs/insights.md).
import { sql } from 'drizzle-orm';
import { dayKeyIn } from '../../../shared/dates';
import { type InsightsShare, periodStart, type SharePeriod } from '../../../shared/insights';
import { money, signedMoney } from '../../assistant/format';
import type { Db } from '../../db/client';
import { bankSummary } from '../bank/service';
import { getNextBet } from '../rotation/service';
import { getBreakdown, getSummary } from './service';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 Nov" for a 'YYYY-MM-DD' day. */
const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export async function shareSummary(
  db: Db,
  syndicateId: number,
  period: SharePeriod,
  now: Date,
): Promise<InsightsShare> {
  const { rows } = await db.execute<{ name: string; currency: string; timezone: string }>(sql`
    select name, currency::text as currency, timezone from syndicates where id = ${syndicateId}`);
  const syndicate = rows[0]!;
  const to = dayKeyIn(now, syndicate.timezone);
  const from = periodStart(to, period);
  const [summary, byMember, next, bank] = await Promise.all([
    getSummary(db, syndicateId, { from, to }),
    getBreakdown(db, syndicateId, { from, to, by: 'member' }),
    getNextBet(db, syndicateId, now),
    bankSummary(db, syndicateId, now),
  ]);
  const cash = (amount: number) => money(amount, syndicate.currency);
  const signed = (amount: number) => signedMoney(amount, syndicate.currency);

  const lines = [`${syndicate.name} — this ${period} (${shortDay(from)} to ${shortDay(to)})`];
  if (summary.bets === 0) lines.push(`No bets yet this ${period}.`);
  else {
    const roi = summary.roi === null ? '' : ` (ROI ${Math.round(summary.roi * 100)}%)`;
    lines.push(
      `${plural(summary.bets, 'bet')}, ${summary.settled} settled: profit ${signed(summary.profit)}${roi}`,
    );
  }
  if (summary.biggestWin) {
    const { rows: who } = await db.execute<{ name: string }>(sql`
      select m.name from bets b join members m on m.id = b.member_id
       where b.syndicate_id = ${syndicateId} and b.id = ${summary.biggestWin.betId}`);
    const by = who[0] ? ` (${who[0].name})` : '';
    lines.push(`Best winner: ${summary.biggestWin.horseName} ${signed(summary.biggestWin.result)}${by}`);
  }
  const top = byMember.rows.filter((r) => r.settled > 0).sort((a, b) => b.profit - a.profit)[0];
  if (top) lines.push(`Top punter: ${top.label} ${signed(top.profit)}`);
  if (next.member) lines.push(`Next to bet: ${next.member.name}`);
  lines.push(`Bank balance: ${cash(bank.balance)}`);
  return { text: lines.join('\n') };
}
