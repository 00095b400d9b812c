// The database schema. Money is integer cents (bigint, read as JS numbers: safe to 2^53),
// odds are integer hundredths. Every tenant table carries syndicate_id and its list
// indexes lead with it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Runner, StoredRaceResult } from '../../shared/race-result';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The tenant column every syndicate-owned table carries; rows go with their syndicate. */
const syndicateRef = () =>
  integer('syndicate_id')
    .notNull()
    .references(() => syndicates.id, { onDelete: 'cascade' });

export const memberRole = pgEnum('member_role', ['admin', 'member']);
export const currency = pgEnum('currency', ['usd', 'eur', 'gbp', 'aud', 'nzd']);
export const rotationStrategy = pgEnum('rotation_strategy', ['sequential', 'random', 'manual']);
export const betType = pgEnum('bet_type', ['win', 'place', 'each-way']);
export const oddsType = pgEnum('odds_type', ['fixed', 'tote']);
export const betStatus = pgEnum('bet_status', ['pending', 'win', 'loss', 'placed', 'void']);
export const shareBasis = pgEnum('share_basis', ['equal', 'capital']);
export const bankEntryType = pgEnum('bank_entry_type', [
  'contribution',
  'payout',
  'adjustment',
  'allocation',
  'reversal',
]);

/** An account. Local accounts have a password hash; OIDC accounts an issuer + subject. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** True only when an OIDC provider said `email_verified: true` at the latest sign-in. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** No toasts for other members' settlements and payments (GET/PUT /api/me/preferences). */
    muteLiveToasts: boolean('mute_live_toasts').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_local_email_key').on(sql`lower(${t.email})`).where(sql`${t.passwordHash} is not null`),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
  ],
);

/** Server-side sessions. Only a SHA-256 hash of the cookie value is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeSyndicateId: integer('active_syndicate_id').references(() => syndicates.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Short-lived state of an OIDC sign-in in flight (state, nonce, PKCE verifier). */
export const oidcLogins = pgTable('oidc_logins', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: createdAt(),
});

/** A syndicate with its settings (one row each: settings are 1:1 with the syndicate). */
export const syndicates = pgTable(
  'syndicates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    inviteCode: text('invite_code').notNull(),
    defaultBetAmountCents: bigint('default_bet_amount_cents', { mode: 'number' }).notNull().default(10000),
    currency: currency('currency').notNull().default('usd'),
    rotationStrategy: rotationStrategy('rotation_strategy').notNull().default('sequential'),
    timezone: text('timezone').notNull().default('UTC'),
    /** Member chosen by an admin when the strategy is manual. */
    manualNextMemberId: integer('manual_next_member_id'),
    /** Racing-data API key, AES-256-GCM encrypted with a key derived from the session secret. */
    racingApiKeyEnc: text('racing_api_key_enc'),
    /** Who shares a settled bet's result in the bank: every active member equally, or by capital. */
    shareBasis: shareBasis('share_basis').notNull().default('equal'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('syndicates_invite_code_key').on(t.inviteCode)],
);

/** A member of a syndicate, optionally linked to a user. Removal archives (archived_at). */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    syndicateId: syndicateRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    initials: text('initials').notNull(),
    role: memberRole('role').notNull().default('member'),
    isActive: boolean('is_active').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('members_syndicate_idx').on(t.syndicateId, t.id),
    uniqueIndex('members_syndicate_user_key').on(t.syndicateId, t.userId),
    index('members_user_idx').on(t.userId),
  ],
);

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: serial('id').primaryKey(),
    syndicateId: syndicateRef(),
    name: text('name').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    durationMonths: integer('duration_months').notNull().default(1),
    description: text('description'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_plans_syndicate_idx').on(t.syndicateId, t.id),
    check('subscription_plans_price_check', sql`${t.priceCents} >= 0`),
    check('subscription_plans_duration_check', sql`${t.durationMonths} >= 1`),
  ],
);

export const memberSubscriptions = pgTable(
  'member_subscriptions',
  {
    id: serial('id').primaryKey(),
    syndicateId: syndicateRef(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Null once its plan is deleted: the assignment (and the dues it charged) stays. */
    subscriptionId: integer('subscription_id').references(() => subscriptionPlans.id, {
      onDelete: 'set null',
    }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('active'),
    /** The plan's price when it was assigned: the dues this assignment charges (docs/bank.md). */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** False once replaced before its start date: it never started, so it charges nothing. */
    chargesDues: boolean('charges_dues').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_subscriptions_member_idx').on(t.syndicateId, t.memberId),
    index('member_subscriptions_plan_idx').on(t.syndicateId, t.subscriptionId),
  ],
);

export const races = pgTable(
  'races',
  {
    id: serial('id').primaryKey(),
    syndicateId: syndicateRef(),
    name: text('name').notNull(),
    venue: text('venue').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    description: text('description'),
    raceNumber: integer('race_number'),
    meetingNumber: integer('meeting_number'),
    distance: text('distance'),
    raceType: text('race_type'),
    trackCondition: text('track_condition'),
    customFields: jsonb('custom_fields').$type<Record<string, string>>(),
    /** Identifier of a race imported from the racing-data provider (no duplicates on re-import). */
    externalId: text('external_id'),
    /** The field (imported race cards, or entered): shared/race-result.ts Runner. */
    runners: jsonb('runners').$type<Runner[]>(),
    /** The result as last entered or imported (shared/race-result.ts); null until then. */
    result: jsonb('result').$type<StoredRaceResult>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('races_syndicate_date_idx').on(t.syndicateId, t.date),
    uniqueIndex('races_syndicate_external_key').on(t.syndicateId, t.externalId),
  ],
);

export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    syndicateId: syndicateRef(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    raceId: integer('race_id').references(() => races.id, { onDelete: 'set null' }),
    betGroupId: uuid('bet_group_id'),
    horseName: text('horse_name').notNull(),
    betType: betType('bet_type').notNull().default('win'),
    /** Decimal odds in hundredths: 3.25 → 325. */
    oddsHundredths: integer('odds_hundredths').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    oddsType: oddsType('odds_type').notNull().default('fixed'),
    status: betStatus('status').notNull().default('pending'),
    /** Profit (+) or loss (−) in cents once settled; null while pending. */
    resultCents: bigint('result_cents', { mode: 'number' }),
    date: timestamp('date', { withTimezone: true }).notNull(),
    horseNumber: integer('horse_number'),
    jockey: text('jockey'),
    trainer: text('trainer'),
    weight: text('weight'),
    barrier: integer('barrier'),
    silkColor: text('silk_color'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Each-way / place terms (shared/settlement.ts): both set or both null. */
    placePlaces: smallint('place_places'),
    placeDivisor: smallint('place_divisor'),
    /** An each-way bet's own fixed place price, in hundredths. */
    placeOddsHundredths: integer('place_odds_hundredths'),
    /** How the horse ran, as settled: position, dead-heat size, tote dividends, Rule 4 deduction. */
    position: smallint('position'),
    deadHeat: smallint('dead_heat'),
    dividendHundredths: integer('dividend_hundredths'),
    placeDividendHundredths: integer('place_dividend_hundredths'),
    rule4: smallint('rule4'),
    /**
     * The searchable text (horse, jockey, race, venue; lower case, no accents) that GET /api/bets?q=
     * matches through a trigram index. Kept by triggers (migration 0008): never written by the app.
     */
    search: text('search').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLS FIRST, as a plain ORDER BY date DESC, id DESC has it: otherwise that order cannot use it.
    index('bets_syndicate_date_idx').on(t.syndicateId, t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bets_syndicate_member_idx').on(t.syndicateId, t.memberId),
    // The status filter, and with amount, odds and horse the orders GET /api/bets?sort= pages by
    // (migration 0010; the horse's is on search_normalise(horse_name) collate "C", which only
    // that migration writes).
    index('bets_syndicate_status_idx').on(t.syndicateId, t.status, t.id),
    index('bets_syndicate_amount_idx').on(t.syndicateId, t.amountCents, t.id),
    index('bets_syndicate_odds_idx').on(t.syndicateId, t.oddsHundredths, t.id),
    index('bets_group_idx').on(t.betGroupId),
    index('bets_syndicate_race_idx').on(t.syndicateId, t.raceId),
    index('bets_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // Also bets_syndicate_date_status_idx (migration 0006, INCLUDE columns drizzle cannot declare):
    // the bets newest first with status and member, read index-only by the insights streaks.
    // When a settled bet's outcome counted (stats trends read the partial days at a window's edge).
    index('bets_syndicate_settled_on_idx')
      .on(t.syndicateId, sql`coalesce(${t.settledAt}, ${t.date})`)
      .where(sql`${t.status} <> 'pending'`),
    check('bets_amount_check', sql`${t.amountCents} > 0`),
    check('bets_odds_check', sql`${t.oddsHundredths} > 0`),
    check(
      'bets_place_terms_check',
      sql`(${t.placePlaces} is null and ${t.placeDivisor} is null) or (${t.placePlaces} between 1 and 8 and ${t.placeDivisor} between 1 and 6)`,
    ),
    check('bets_place_odds_check', sql`${t.placeOddsHundredths} > 0`),
    check('bets_rule4_check', sql`${t.rule4} between 5 and 90`),
  ],
);

// Each bet's JSON text as GET /api/bets answers it, kept by triggers on bets, members and races in
// the writer's transaction (src/server/db/bet-json.ts, migrations 0009 and 0012). Never written by
// hand. The bet's syndicate and date are copied beside it: the unfiltered pages newest first read
// this table alone, in the order of its date index.
export const betJson = pgTable(
  'bet_json',
  {
    betId: integer('bet_id')
      .primaryKey()
      .references(() => bets.id, { onDelete: 'cascade' }),
    syndicateId: integer('syndicate_id').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    json: text('json').notNull(),
  },
  (t) => [index('bet_json_syndicate_date_idx').on(t.syndicateId, t.date.desc(), t.betId.desc())],
);

// Settled-bet aggregates, kept by a trigger on bets in the same transaction as every insert,
// settlement, edit and delete (src/server/db/bet-stats-trigger.ts), so stats and
// rankings read a few rows however many bets there are. Counts and cents, never edited by hand.
const betTotals = () => ({
  wins: integer('wins').notNull().default(0),
  settled: integer('settled').notNull().default(0),
  /** Σ result of the settled bets (cents). */
  resultCents: bigint('result_cents', { mode: 'number' }).notNull().default(0),
});

/** Per member: settled bets, wins and Σ results (top performers, the syndicate's totals). */
export const memberBetStats = pgTable(
  'member_bet_stats',
  {
    syndicateId: syndicateRef(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ...betTotals(),
  },
  (t) => [primaryKey({ columns: [t.syndicateId, t.memberId] })],
);

/** Per syndicate and UTC day of settlement (coalesce(settled_at, date)): the trend windows. */
export const syndicateDayStats = pgTable(
  'syndicate_day_stats',
  {
    syndicateId: syndicateRef(),
    day: date('day', { mode: 'string' }).notNull(),
    ...betTotals(),
  },
  (t) => [primaryKey({ columns: [t.syndicateId, t.day] })],
);

/**
 * Per local day of the bets' dates, in the syndicate's time zone: bets placed, and the stakes and
 * results of those settled (win, placed, loss). The profit timeline reads these instead of the
 * bets (issue 17: the dashboard asks for the year to date on every load). Kept by triggers
 * (db/bet-stats-trigger.ts), rebuilt for a syndicate when its time zone changes.
 */
export const syndicateLocalDays = pgTable(
  'syndicate_local_days',
  {
    syndicateId: syndicateRef(),
    day: date('day', { mode: 'string' }).notNull(),
    bets: integer('bets').notNull().default(0),
    stakedCents: bigint('staked_cents', { mode: 'number' }).notNull().default(0),
    profitCents: bigint('profit_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.syndicateId, t.day] })],
);

export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    syndicateId: syndicateRef(),
    text: text('text').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('reminders_syndicate_date_idx').on(t.syndicateId, t.completed, t.date)],
);

/** Failed invite-code attempts, for the per-user limit (10 per 15 minutes). */
export const joinFailures = pgTable(
  'join_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('join_failures_user_at_idx').on(t.userId, t.at)],
);

/**
 * A personal, single-use link that binds a pre-created member row to whoever opens it signed in
 * (issue 13: joining by code never links a row by e-mail). Only a SHA-256 of the token is kept.
 */
export const memberClaims = pgTable(
  'member_claims',
  {
    id: serial('id').primaryKey(),
    syndicateId: syndicateRef(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByUserId: integer('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_claims_token_key').on(t.tokenHash),
    index('member_claims_member_idx').on(t.memberId),
  ],
);

/**
 * Fixed-window counters for throttles that must hold across instances (sign-in failures per
 * e-mail and client IP, per IP, registrations per IP). `key` names the throttle and its subject.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** When the window ends and the count starts again. */
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_counters_reset_idx').on(t.resetAt)],
);

/**
 * The bank's ledger (docs/bank.md). Append-only: a trigger raises on UPDATE and DELETE
 * (migration 0002). `amount_cents` is the signed effect on the member's balance; a reversal
 * carries the negated amount of the one entry it undoes. `bet_id` has no foreign key: a bet may
 * be deleted, its (reversed) allocation lines stay.
 */
export const bankEntries = pgTable(
  'bank_entries',
  {
    id: serial('id').primaryKey(),
    syndicateId: integer('syndicate_id')
      .notNull()
      .references(() => syndicates.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: bankEntryType('type').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The value date in the syndicate's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note'),
    betId: integer('bet_id'),
    reversesId: integer('reverses_id'),
    batchId: uuid('batch_id'),
    /** The member who recorded it; null for the system (the first migration's allocations). */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_entries_syndicate_date_idx').on(t.syndicateId, t.date, t.id),
    index('bank_entries_member_date_idx').on(t.syndicateId, t.memberId, t.date, t.id),
    index('bank_entries_bet_idx').on(t.syndicateId, t.betId).where(sql`${t.betId} is not null`),
    uniqueIndex('bank_entries_reverses_key').on(t.reversesId),
    check('bank_entries_amount_check', sql`${t.amountCents} <> 0`),
    check('bank_entries_reversal_check', sql`(${t.type} = 'reversal') = (${t.reversesId} is not null)`),
  ],
);

/**
 * Per member: the running totals of the ledger by kind (a reversal counts in the kind of the
 * entry it undoes), kept by a trigger on bank_entries in the same transaction, so the bank's
 * summary reads a row per member however long the ledger is. Derived, never written by hand.
 */
export const bankMemberTotals = pgTable(
  'bank_member_totals',
  {
    syndicateId: integer('syndicate_id').notNull(),
    memberId: integer('member_id').notNull(),
    contributedCents: bigint('contributed_cents', { mode: 'number' }).notNull().default(0),
    paidOutCents: bigint('paid_out_cents', { mode: 'number' }).notNull().default(0),
    adjustmentsCents: bigint('adjustments_cents', { mode: 'number' }).notNull().default(0),
    bettingCents: bigint('betting_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.syndicateId, t.memberId] })],
);

/**
 * The weights a settled bet's result was first shared by (members and their weights), so that a
 * changed result is shared again among the same members by the same weights.
 */
export const betAllocationWeights = pgTable(
  'bet_allocation_weights',
  {
    syndicateId: integer('syndicate_id').notNull(),
    betId: integer('bet_id').notNull(),
    memberId: integer('member_id').notNull(),
    weight: bigint('weight', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.syndicateId, t.betId, t.memberId] })],
);

/** The first answer to a POST under /api/bank with an Idempotency-Key, replayed for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    syndicateId: integer('syndicate_id').notNull(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.syndicateId, t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * A member's secret calendar feed (GET /api/calendar/<token>.ics, no session): only the token's
 * SHA-256 is kept. A new feed revokes the member's old one; DELETE revokes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    syndicateId: syndicateRef(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_key').on(t.tokenHash),
    index('calendar_feeds_member_idx').on(t.syndicateId, t.memberId),
  ],
);

/**
 * The activity feed and audit log (docs/insights.md "Activity and audit"): one row per write, in
 * the write's own transaction (features/audit/record.ts). Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration 0005), so the syndicate has no ON DELETE here. `actor_member_id`
 * and `actor_user_id` have no foreign keys (history stays whatever happens to the rows); both are
 * null for the system (the racing results import). `actor_name` and `summary` are as they were
 * written then; `changes` is {field: [before, after]} for updates, values as the API shows them.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    syndicateId: integer('syndicate_id')
      .notNull()
      .references(() => syndicates.id),
    actorMemberId: integer('actor_member_id'),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    summary: text('summary').notNull(),
    /** jsonb, as every JSON column here: a backup (to_jsonb) restores it to the same value. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The feed and the log, newest first (keyset on id); an entity's history.
    index('audit_events_syndicate_idx').on(t.syndicateId, t.id),
    index('audit_events_entity_idx').on(t.syndicateId, t.entityType, t.entityId, t.id),
  ],
);
