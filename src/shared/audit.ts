// The activity feed and the audit log (docs/insights.md "Activity and audit"): every write records
// one event in the append-only audit_events table, in the write's own transaction. Members read the
// feed (GET /api/activity: no changes); admins read the log with filters (GET /api/audit: with the
// changes). Action names are '<entity>.<verb>' and are never renamed or removed: stored events keep them.
import { z } from 'zod';
import { dayRangeFields, inOrder } from './insights';
import { MAX_ID } from './member';

export const AUDIT_ACTIONS = [
  'syndicate.created',
  'bet.created',
  'bet.updated',
  'bet.deleted',
  'bet.settled',
  'bet.unsettled',
  'bet.imported',
  'member.created',
  'member.updated',
  'member.archived',
  'member.restored',
  'member.left',
  'member.joined',
  'member.claimed',
  'member.invite_link_created',
  'race.created',
  'race.updated',
  'race.deleted',
  'race.result_entered',
  'race.imported',
  'reminder.created',
  'reminder.completed',
  'reminder.deleted',
  'plan.created',
  'plan.updated',
  'plan.deleted',
  'subscription.assigned',
  'settings.updated',
  'settings.api_key_saved',
  'invite_code.regenerated',
  'rotation.next_set',
  'bank.contribution',
  'bank.payout',
  'bank.adjustment',
  'bank.reversal',
  'bank.distribution',
  'calendar_feed.created',
  'calendar_feed.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an event is about: `entityId` is that row's id (a bet, member, race, reminder, plan, member
 * subscription, bank entry or calendar feed; the syndicate's own id for settings, the invite code and
 * the rotation pick). A two-part bet's events name its first bet; a split adjustment or a distribution
 * names its first ledger entry; a reversal names the entry it reverses; an import names no row.
 */
export const AUDIT_ENTITY_TYPES = [
  'syndicate',
  'bet',
  'member',
  'race',
  'reminder',
  'plan',
  'subscription',
  'bank_entry',
  'calendar_feed',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const ACTIVITY_LIMIT_MAX = 100;
export const ACTIVITY_LIMIT_DEFAULT = 30;

export const AUDIT_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}`,
  cursor: 'cursor must be the nextCursor of an earlier page',
  action: 'action must be one of the audit actions, e.g. bet.settled',
  entityType: `entityType must be one of ${AUDIT_ENTITY_TYPES.join(', ')}`,
  entityId: 'entityId must be the id of a row',
  actorMemberId: 'actorMemberId must be the id of a member',
  order: 'from must be on or before to',
} as const;

/** A query-string id: digits only, 1..MAX_ID. */
const queryId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, message);

const pageFields = {
  limit: z
    .string({ error: AUDIT_MESSAGES.limit })
    .regex(/^\d{1,3}$/, AUDIT_MESSAGES.limit)
    .transform(Number)
    .refine((n) => n >= 1 && n <= ACTIVITY_LIMIT_MAX, AUDIT_MESSAGES.limit)
    .optional()
    .describe(`1–${ACTIVITY_LIMIT_MAX}, default ${ACTIVITY_LIMIT_DEFAULT}`),
  cursor: z
    .string({ error: AUDIT_MESSAGES.cursor })
    .regex(/^\d{1,10}$/, AUDIT_MESSAGES.cursor)
    .refine((s) => Number(s) <= MAX_ID, AUDIT_MESSAGES.cursor)
    .optional()
    .describe('The nextCursor of the previous page (opaque)'),
};

/** GET /api/activity */
export const activityQuerySchema = z.object(pageFields);
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** GET /api/audit */
export const auditQuerySchema = z
  .object({
    ...pageFields,
    action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.action }).optional(),
    entityType: z.enum(AUDIT_ENTITY_TYPES, { error: AUDIT_MESSAGES.entityType }).optional(),
    entityId: queryId(AUDIT_MESSAGES.entityId).optional(),
    actorMemberId: queryId(AUDIT_MESSAGES.actorMemberId)
      .optional()
      .describe("A member of the syndicate (current or former); another syndicate's member answers 404"),
    ...dayRangeFields,
  })
  .refine(inOrder, { message: AUDIT_MESSAGES.order });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * One field's value before and after an update, as the API shows it (major units, ISO dates):
 * [before, after]. (An array of two rather than a tuple: the response serializer writes any value.)
 */
export const changeSchema = z.array(z.unknown()).length(2);
export type AuditChanges = Record<string, [unknown, unknown]>;

export const activityEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  /** A plain sentence naming the actor as they were named then: "Carol settled Winx: won $40.00". */
  summary: z.string(),
  /** memberId null: the system (the racing results import); name as it was at the time. */
  actor: z.object({ memberId: z.number().int().nullable(), name: z.string() }),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const auditEventSchema = activityEventSchema.extend({
  /** Updates only (null otherwise): the fields that changed, {field: [before, after]}. Never secrets. */
  changes: z.record(z.string(), changeSchema).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const activityPageSchema = z.object({
  events: z.array(activityEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
