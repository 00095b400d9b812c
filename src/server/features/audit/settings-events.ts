// The events of the syndicate's settings: the settings form, the racing data API key (never the key
// itself), the invite code (never the code) and the admin's pick for the next bet.
import type { Settings } from '../../../shared/settings';
import type { NewEvent } from './record';
import { changesBetween } from './record';
import { asMoney, asText, changeList, type FieldLabel, say } from './sentence';

const SETTINGS_FIELDS: Record<keyof Settings, FieldLabel> = {
  syndicateName: { label: 'name', show: asText },
  defaultBetAmount: { label: 'default bet', show: asMoney },
  currency: { label: 'currency', show: (v) => String(v).toUpperCase() },
  rotationStrategy: { label: 'rotation', show: asText },
  timezone: { label: 'time zone', show: asText },
  shareBasis: { label: 'share basis', show: asText },
};

const view = (s: Settings): Settings => ({
  syndicateName: s.syndicateName,
  defaultBetAmount: s.defaultBetAmount,
  currency: s.currency,
  rotationStrategy: s.rotationStrategy,
  timezone: s.timezone,
  shareBasis: s.shareBasis,
});

/**
 * "changed the settings: currency USD → EUR, default bet €100.00 → €500.00", or null when nothing
 * changed. Amounts in the summary are written in the currency the syndicate has after the change.
 */
export function settingsUpdated(syndicateId: number, before: Settings, after: Settings): NewEvent | null {
  const changes = changesBetween(view(before), view(after));
  if (Object.keys(changes).length === 0) return null;
  return {
    action: 'settings.updated',
    entityType: 'syndicate',
    entityId: syndicateId,
    summary: say`changed the settings: ${changeList(changes, SETTINGS_FIELDS)}`,
    changes,
  };
}

/** The key is a secret: neither it nor any part of it is recorded. */
export const apiKeySaved = (syndicateId: number, replaced: boolean): NewEvent => ({
  action: 'settings.api_key_saved',
  entityType: 'syndicate',
  entityId: syndicateId,
  summary: replaced ? say`replaced the racing data API key` : say`saved a racing data API key`,
});

export const inviteCodeRegenerated = (syndicateId: number): NewEvent => ({
  action: 'invite_code.regenerated',
  entityType: 'syndicate',
  entityId: syndicateId,
  summary: say`made a new invite code (the old one no longer works)`,
});

/** PUT /api/next-bet: "picked Mia to bet next", or cleared; null when the pick did not change. */
export function nextBetSet(
  syndicateId: number,
  before: number | null,
  after: { id: number; name: string } | null,
): NewEvent | null {
  const afterId = after?.id ?? null;
  if (before === afterId) return null;
  return {
    action: 'rotation.next_set',
    entityType: 'syndicate',
    entityId: syndicateId,
    summary: after ? say`picked ${after.name} to bet next` : say`cleared the pick for the next bet`,
    changes: { nextMemberId: [before, afterId] },
  };
}
