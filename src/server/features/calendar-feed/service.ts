// A member's personal calendar feed (docs/insights.md "Calendar feed"): a secret address that
// Google, Apple or Outlook calendars subscribe to. The token is 256 random bits and only its
// SHA-256 is stored; a new feed revokes the member's earlier ones. The feed lists the syndicate's
// races (with the syndicate's bets on each) and its open reminders, written by ics.ts.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { money } from '../../assistant/format';
import type { Db } from '../../db/client';
import { calendarFeeds } from '../../db/schema';
import { recordEvent } from '../audit/record';
import { calendarFeedCreated, calendarFeedRevoked } from '../audit/schedule-events';
import { type IcsEvent, writeIcs } from './ics';

/** Races from this many days back are in the feed (older ones are history, not plans). */
export const FEED_PAST_DAYS = 90;
/** At most this many races and reminders each, nearest first: a feed stays a few hundred KB. */
export const FEED_MAX_EVENTS = 1_000;
/** A race or a reminder has no end time; calendars show it as a slot of this many minutes. */
export const EVENT_MINUTES = 30;
/** The token in the address: 43 base64url characters (32 bytes). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed's address for a token: PUBLIC_URL/api/calendar/<token>.ics. */
export const feedUrl = (publicUrl: string, token: string) =>
  new URL(`/api/calendar/${token}.ics`, publicUrl).toString();

/** A new feed address for the member; the member's earlier feeds stop working. */
export async function createFeed(
  db: Db,
  syndicateId: number,
  memberId: number,
  publicUrl: string,
  now: Date,
): Promise<{ url: string }> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const revoked = await revokeIn(tx, syndicateId, memberId, now);
    const [feed] = await tx
      .insert(calendarFeeds)
      .values({ syndicateId, memberId, tokenHash: hashToken(token), createdAt: now })
      .returning({ id: calendarFeeds.id });
    if (!feed) throw new Error('insert returned no row');
    await recordEvent(tx, syndicateId, { memberId, now }, calendarFeedCreated(feed.id, revoked.length > 0));
  });
  return { url: feedUrl(publicUrl, token) };
}

type Writer = Pick<Db, 'update'>;
const revokeIn = (db: Writer, syndicateId: number, memberId: number, now: Date) =>
  db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(
      and(
        eq(calendarFeeds.syndicateId, syndicateId),
        eq(calendarFeeds.memberId, memberId),
        isNull(calendarFeeds.revokedAt),
      ),
    )
    .returning({ id: calendarFeeds.id });

/** Whether the member has a working feed address, and since when (the address itself is not kept). */
export async function feedStatus(
  db: Db,
  syndicateId: number,
  memberId: number,
): Promise<{ active: boolean; createdAt: string | null }> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.syndicateId, syndicateId),
        eq(calendarFeeds.memberId, memberId),
        isNull(calendarFeeds.revokedAt),
      ),
    )
    .orderBy(desc(calendarFeeds.id))
    .limit(1);
  return row ? { active: true, createdAt: row.createdAt.toISOString() } : { active: false, createdAt: null };
}

/** Revokes the member's feed (nothing to do, and nothing recorded, when there is none). */
export async function revokeFeed(db: Db, syndicateId: number, memberId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await revokeIn(tx, syndicateId, memberId, now);
    if (revoked) await recordEvent(tx, syndicateId, { memberId, now }, calendarFeedRevoked(revoked.id));
  });
}

interface FeedOwner extends Record<string, unknown> {
  syndicate_id: number;
  syndicate_name: string;
  currency: string;
}

interface RaceRow extends Record<string, unknown> {
  id: number;
  name: string;
  venue: string;
  date: Date;
  race_number: number | null;
  description: string | null;
  bets: string[] | null;
}

interface ReminderRow extends Record<string, unknown> {
  id: number;
  text: string;
  date: Date;
  /** Its day in the syndicate's zone (YYYY-MM-DD) when it is due at that day's midnight, else null. */
  day: string | null;
}

/**
 * The iCalendar text for a token, or null when the token is unknown, revoked, or its member was
 * removed or made inactive (the route answers 404 for all of them alike).
 */
export async function feedIcs(db: Db, token: string, publicUrl: string, now: Date): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const { rows: owners } = await db.execute<FeedOwner>(sql`
    select s.id as syndicate_id, s.name as syndicate_name, s.currency::text as currency
      from calendar_feeds f
      join members m on m.id = f.member_id and m.syndicate_id = f.syndicate_id
      join syndicates s on s.id = f.syndicate_id
     where f.token_hash = ${hashToken(token)} and f.revoked_at is null
       and m.archived_at is null and m.is_active`);
  const owner = owners[0];
  if (!owner) return null;
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const [{ rows: races }, { rows: reminders }] = await Promise.all([
    db.execute<RaceRow>(sql`
      select r.id, r.name, r.venue, r.date, r.race_number, r.description,
             (select array_agg(concat_ws(chr(31), m.name, b.horse_name, b.bet_type::text, b.amount_cents,
                                         b.odds_hundredths, b.status::text) order by b.id)
                from bets b join members m on m.id = b.member_id
               where b.syndicate_id = r.syndicate_id and b.race_id = r.id) as bets
        from races r
       where r.syndicate_id = ${owner.syndicate_id} and r.date >= ${since.toISOString()}::timestamptz
       order by r.date, r.id limit ${FEED_MAX_EVENTS}`),
    db.execute<ReminderRow>(sql`
      select r.id, r.text, r.date,
             case when (r.date at time zone s.timezone)::time = '00:00'
                  then to_char(r.date at time zone s.timezone, 'YYYY-MM-DD') end as day
        from reminders r join syndicates s on s.id = r.syndicate_id
       where r.syndicate_id = ${owner.syndicate_id} and not r.completed
       order by r.date, r.id limit ${FEED_MAX_EVENTS}`),
  ]);

  const host = new URL(publicUrl).host;
  const events: IcsEvent[] = [];
  for (const race of races) {
    const start = new Date(race.date);
    events.push({
      uid: `race-${race.id}@${host}`,
      start,
      end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
      summary: `${race.name} — ${race.venue}`,
      location: race.venue,
      description: raceDescription(race, owner.currency),
    });
  }
  for (const reminder of reminders) {
    const uid = `reminder-${reminder.id}@${host}`;
    const summary = `Reminder: ${reminder.text}`;
    // A reminder due on a day (the form picks a day: its midnight in the syndicate's zone) is that
    // whole day in calendars, not a half-hour slot at midnight; one with a time keeps its slot.
    if (reminder.day) {
      events.push({ uid, day: reminder.day, summary });
      continue;
    }
    const start = new Date(reminder.date);
    events.push({ uid, start, end: new Date(start.getTime() + EVENT_MINUTES * 60_000), summary });
  }
  return writeIcs({
    name: owner.syndicate_name,
    description: `Races and reminders of ${owner.syndicate_name}`,
    ttlSeconds: 60 * 60,
    stamp: now,
    events,
  });
}

const BET_TYPES: Record<string, string> = { win: 'win', place: 'place', 'each-way': 'each-way' };

/** "Race 4" and one line per bet: "Carol: Winx, win $10.00 at 5.00 (pending)". */
function raceDescription(race: RaceRow, currency: string): string {
  const lines: string[] = [];
  if (race.race_number !== null) lines.push(`Race ${race.race_number}`);
  if (race.description) lines.push(race.description);
  const bets = race.bets ?? [];
  if (bets.length === 0) lines.push('No bets yet');
  else {
    lines.push('Bets:');
    for (const packed of bets) {
      const [member, horse, type, amount, odds, status] = packed.split('\u001f');
      lines.push(
        `${member}: ${horse}, ${BET_TYPES[type ?? ''] ?? type} ${money(Number(amount) / 100, currency)} at ${(Number(odds) / 100).toFixed(2)} (${status})`,
      );
    }
  }
  return lines.join('\n');
}
