// Readable names for the audit log's actions and entity types (src/shared/audit.ts), for the
// Audit tab's filters and the events' badges. Records over the shared lists, so a new action or
// entity type does not compile until it has a label here. Types only from @shared/audit: the
// dashboard's first chunk uses these labels and must not carry the module's zod schemas.
import type { AuditAction, AuditEntityType } from '@shared/audit';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'syndicate.created': 'Syndicate created',
  'bet.created': 'Bet added',
  'bet.updated': 'Bet changed',
  'bet.deleted': 'Bet deleted',
  'bet.settled': 'Bet settled',
  'bet.unsettled': 'Bet set back to pending',
  'bet.imported': 'Bets imported',
  'member.created': 'Member added',
  'member.updated': 'Member changed',
  'member.archived': 'Member removed',
  'member.restored': 'Member restored',
  'member.left': 'Member left',
  'member.joined': 'Member joined',
  'member.claimed': 'Invite link claimed',
  'member.invite_link_created': 'Invite link created',
  'race.created': 'Race added',
  'race.updated': 'Race changed',
  'race.deleted': 'Race deleted',
  'race.result_entered': 'Race result',
  'race.imported': 'Races imported',
  'reminder.created': 'Reminder added',
  'reminder.completed': 'Reminder completed',
  'reminder.deleted': 'Reminder deleted',
  'plan.created': 'Plan added',
  'plan.updated': 'Plan changed',
  'plan.deleted': 'Plan deleted',
  'subscription.assigned': 'Plan assigned',
  'settings.updated': 'Settings changed',
  'settings.api_key_saved': 'Racing API key saved',
  'invite_code.regenerated': 'Invite code regenerated',
  'rotation.next_set': 'Next bettor picked',
  'bank.contribution': 'Bank contribution',
  'bank.payout': 'Bank payout',
  'bank.adjustment': 'Bank adjustment',
  'bank.reversal': 'Bank reversal',
  'bank.distribution': 'Bank distribution',
  'calendar_feed.created': 'Calendar feed created',
  'calendar_feed.revoked': 'Calendar feed revoked',
};

export const ENTITY_TYPE_LABELS: Record<AuditEntityType, string> = {
  syndicate: 'Syndicate',
  bet: 'Bet',
  member: 'Member',
  race: 'Race',
  reminder: 'Reminder',
  plan: 'Plan',
  subscription: 'Subscription',
  bank_entry: 'Bank entry',
  calendar_feed: 'Calendar feed',
};

/** What an action's badge is coloured by: money, settlement, removal, or anything else. */
export type ActionTone = 'money' | 'settled' | 'removed' | 'neutral';

export function actionTone(action: AuditAction): ActionTone {
  if (action.startsWith('bank.')) return 'money';
  if (action === 'bet.settled' || action === 'bet.unsettled') return 'settled';
  if (/\.(deleted|archived|left|revoked)$/.test(action)) return 'removed';
  return 'neutral';
}

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

/** The Audit tab's action filter: every action, in the shared list's order (grouped by entity). */
export const ACTION_OPTIONS: readonly { value: AuditAction; label: string }[] = options(ACTION_LABELS);

export const ENTITY_TYPE_OPTIONS: readonly { value: AuditEntityType; label: string }[] =
  options(ENTITY_TYPE_LABELS);
