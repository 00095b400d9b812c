// Test support for the assistant's CPU budget (the API test and reliability item 16): a syndicate
// with many bets on many distinct, similar horse names, and the most expensive questions we can
// build against it. Written with plain SQL so 10,000 bets take well under a second to load.
import fs from 'node:fs';
import { QUESTION_MAX } from './engine';

/**
 * CPU time of a process's main thread so far, in ms (Linux: /proc/<pid>/task/<pid>/schedstat, in
 * ns). The main thread is the one a long computation blocks; JIT compilers and GC helpers run
 * beside it. Null where /proc is not available.
 */
export function mainThreadCpuMs(pid = process.pid): number | null {
  try {
    const ns = Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

/** The middle value (the upper one of an even count); 0 for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The 99th percentile (nearest rank); 0 for none. */
export function p99(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/** Anything that runs a parameterised query: a pg Pool or Client. */
export interface Queryable {
  query<R extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * Adds `members` members and `bets` bets to the syndicate. Every bet has its own horse name of
 * 2–7 words of 7–9 letters, all starting with "s", so names look alike: the first-letter and
 * length filters of the matcher prune little, as an attacker would arrange. 80 % are pending
 * (the pending answer lists them); the rest settled. Dates spread over two years.
 */
export async function seedAttack(
  db: Queryable,
  syndicateId: number,
  opts: { members: number; bets: number },
) {
  await db.query(
    `insert into members (syndicate_id, name, email, initials, role)
     select $1::int, initcap('s' || translate(substr(md5('m' || g), 1, 6), '0123456789', 'ghijklmnop'))
                || ' ' || initcap('s' || translate(substr(md5('n' || g), 1, 7), '0123456789', 'ghijklmnop')),
            'attack-' || g || '-' || $1::int || '@example.test', 'SS', 'member'
       from generate_series(1, $2::int) g`,
    [syndicateId, opts.members],
  );
  await db.query(
    `with m as (select array_agg(id order by id) ids from members where syndicate_id = $1),
          b as (
            select g,
                   case when g % 5 = 0 then (case when g % 3 = 0 then 'win' else 'loss' end)
                        else 'pending' end::bet_status as status,
                   500 + (g % 50) * 100 as amount_cents,
                   150 + (g * 7) % 900 as odds_hundredths,
                   now() - ($2::int - g) * (interval '730 days' / $2::int) as date,
                   (select string_agg(initcap('s' || translate(substr(md5(g || ':' || j), 1, 6 + (g + j) % 3),
                                                               '0123456789', 'ghijklmnop')), ' ' order by j)
                      from generate_series(1, 2 + g % 6) j) as horse
              from generate_series(1, $2::int) g)
     insert into bets (syndicate_id, member_id, horse_name, bet_type, odds_hundredths, amount_cents,
                       odds_type, status, result_cents, date, settled_at)
     select $1, m.ids[1 + b.g % cardinality(m.ids)], b.horse, 'win', b.odds_hundredths, b.amount_cents,
            'fixed', b.status,
            case b.status
              when 'win' then round(b.amount_cents * b.odds_hundredths / 100.0)::bigint - b.amount_cents
              when 'loss' then -b.amount_cents end,
            b.date, case when b.status <> 'pending' then b.date + interval '2 hours' end
       from b, m`,
    [syndicateId, opts.bets],
  );
}

/** The newest distinct horse names (the ones the assistant knows: it reads the newest bets). */
export async function newestHorses(db: Queryable, syndicateId: number, count: number): Promise<string[]> {
  const { rows } = await db.query<{ horse_name: string }>(
    `select horse_name from bets where syndicate_id = $1
      group by horse_name order by max(date) desc limit $2`,
    [syndicateId, count],
  );
  return rows.map((r) => r.horse_name);
}

/** One letter changed in the middle of a word: same first letter, same length, distance 1. */
export function nearMiss(word: string): string {
  const i = Math.floor(word.length / 2);
  const c = word[i] === 'z' ? 'y' : 'z';
  return `${word.slice(0, i)}${c}${word.slice(i + 1)}`;
}

/** Words joined with spaces, as many as fit in `max` characters. */
function fill(prefix: string, pieces: Iterable<string>, max = QUESTION_MAX): string {
  let text = prefix;
  for (const piece of pieces) {
    const next = `${text} ${piece}`;
    if (next.length > max) break;
    text = next;
  }
  return text;
}

function* cycle<T>(items: readonly T[]): Generator<T> {
  if (items.length === 0) return;
  for (let i = 0; ; i++) yield items[i % items.length] as T;
}

/**
 * The most expensive questions we can build, each at most QUESTION_MAX characters (the socket's
 * limit; the 4 KiB frame limit is not reached): typo'd horse names (every window of words is a
 * candidate of the right first letter and length), near-miss member names, one long word that
 * Unicode normalisation (NFKD) turns into four times as many letters, many tiny words, and
 * questions that spend the whole matching budget and then get an answer that reads every bet.
 */
export function worstMessages(horses: readonly string[], members: readonly string[]): Record<string, string> {
  const horseWords = horses.flatMap((h) => h.split(' '));
  const typoPhrases = horses.map((h) => h.split(' ').map(nearMiss).join(' '));
  const memberWords = members.flatMap((m) => m.split(' ').map(nearMiss));
  return {
    'typo’d horse names': fill('bets on', cycle(typoPhrases)),
    'near-miss horse words': fill('on', cycle(horseWords.map(nearMiss))),
    'near-miss member names': fill('How Is', cycle(memberWords)),
    // U+2177 SMALL ROMAN NUMERAL EIGHT: one character, "viii" after NFKD (3 bytes in UTF-8).
    'one word, 4× under NFKD': 'ⅷ'.repeat(QUESTION_MAX),
    'tiny words': fill('s', cycle(['s'])),
    'pending bets, capitalised stop words': fill('Which bets are pending for', cycle(['Will', 'May', 'Is'])),
    // Full matching work for both horses and members, then an answer that reads every bet.
    'pending bets on typo’d horses and members': fill(
      'Which bets are pending on',
      cycle(typoPhrases.flatMap((phrase, i) => [phrase, memberWords[i % memberWords.length] ?? ''])),
    ),
    'a member’s record amid typo’d horses': fill(
      `How is ${members[0]?.split(' ')[0] ?? ''} going`,
      cycle(typoPhrases.flatMap((phrase, i) => [phrase, memberWords[i % memberWords.length] ?? ''])),
    ),
  };
}

/**
 * Ordinary questions that cost the most without any attack: each reads the newest bets (pending
 * bets, a member's record, a horse's bets) or the rankings. The yardstick for the worst messages.
 */
export function ordinaryQuestions(horses: readonly string[], member = 'Alice'): string[] {
  return [
    'Which bets are pending?',
    `How is ${member.split(' ')[0]} going?`,
    `What bets do we have on ${horses[0] ?? 'Phar Lap'}?`,
    'Who are the top performers?',
  ];
}
