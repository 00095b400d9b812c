// The events of membership: a syndicate created, members added, changed, removed, restored, leaving,
// joining by code, claiming their invite link, and the links an admin makes.
import type { NewEvent } from './record';
import { changesBetween } from './record';
import { asText, changeList, type FieldLabel, say } from './sentence';

export const syndicateCreated = (syndicateId: number, name: string): NewEvent => ({
  action: 'syndicate.created',
  entityType: 'syndicate',
  entityId: syndicateId,
  summary: say`created the syndicate ${name}`,
});

export const memberCreated = (m: { id: number; name: string; role: string }): NewEvent => ({
  action: 'member.created',
  entityType: 'member',
  entityId: m.id,
  summary: say`added ${m.name} as ${m.role === 'admin' ? 'an admin' : 'a member'}`,
});

/** A member's fields as the API shows them. */
export interface MemberView {
  name: string;
  email: string;
  initials: string;
  role: string;
  isActive: boolean;
}

const MEMBER_FIELDS: Record<string, FieldLabel> = {
  name: { label: 'name', show: asText },
  email: { label: 'email', show: asText },
  initials: { label: 'initials', show: asText },
  role: { label: 'role', show: asText },
  isActive: { label: 'active', show: asText },
};

/** An edit, or null when nothing changed. "changed Mia's details: role member → admin". */
export function memberUpdated(
  memberId: number,
  self: boolean,
  before: MemberView,
  after: MemberView,
): NewEvent | null {
  const view = (m: MemberView) => ({
    name: m.name,
    email: m.email,
    initials: m.initials,
    role: m.role,
    isActive: m.isActive,
  });
  const changes = changesBetween(view(before), view(after));
  if (Object.keys(changes).length === 0) return null;
  const whose = self ? 'their own' : `${before.name}'s`;
  return {
    action: 'member.updated',
    entityType: 'member',
    entityId: memberId,
    summary: say`changed ${whose} details: ${changeList(changes, MEMBER_FIELDS)}`,
    changes,
  };
}

/** Removal by an admin (member.archived), or the member's own leaving (member.left). */
export const memberArchived = (m: { id: number; name: string }, self: boolean): NewEvent =>
  self
    ? { action: 'member.left', entityType: 'member', entityId: m.id, summary: say`left the syndicate` }
    : { action: 'member.archived', entityType: 'member', entityId: m.id, summary: say`removed ${m.name}` };

export const memberRestored = (m: { id: number; name: string }): NewEvent => ({
  action: 'member.restored',
  entityType: 'member',
  entityId: m.id,
  summary: say`restored ${m.name}`,
});

/** By the new member itself: joining by invite code (or, in OIDC mode, by a verified e-mail). */
export const memberJoined = (memberId: number, byEmail: boolean): NewEvent => ({
  action: 'member.joined',
  entityType: 'member',
  entityId: memberId,
  summary: byEmail ? say`joined with the invite code (matched by e-mail)` : say`joined with the invite code`,
});

/** By the claimed member itself, once linked to the claimer's account. */
export const memberClaimed = (memberId: number): NewEvent => ({
  action: 'member.claimed',
  entityType: 'member',
  entityId: memberId,
  summary: say`joined through their personal invite link`,
});

/** An admin made a personal invite (claim) link; the link itself is never recorded. */
export const inviteLinkCreated = (m: { id: number; name: string }): NewEvent => ({
  action: 'member.invite_link_created',
  entityType: 'member',
  entityId: m.id,
  summary: say`made a personal invite link for ${m.name}`,
});
