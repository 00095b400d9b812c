import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEntityType } from '@shared/audit';

export const ALL = 'all';

/** The Audit tab's filters as its form holds them (ALL and '' are "any"). */
export interface AuditFilters {
  action: string;
  entityType: string;
  member: string;
  from: string;
  to: string;
  /** One row's history (set from an event's "History" button), with its entity type. */
  entity: { type: AuditEntityType; id: number } | null;
}

export const NO_FILTERS: AuditFilters = {
  action: ALL,
  entityType: ALL,
  member: ALL,
  from: '',
  to: '',
  entity: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const isEntityType = (v: string | null): v is AuditEntityType =>
  v !== null && (AUDIT_ENTITY_TYPES as readonly string[]).includes(v);

/**
 * The filters read from the page's address (`/activity?view=audit&action=bet.updated&member=4…`),
 * so a filtered log can be reloaded, bookmarked or sent to another admin. Anything unknown or
 * malformed is ignored rather than sent to the API.
 */
export function filtersFromSearch(search: string): AuditFilters {
  const p = new URLSearchParams(search);
  const action = p.get('action');
  const entityType = p.get('entity');
  const member = p.get('member');
  const from = p.get('from');
  const to = p.get('to');
  const id = p.get('id');
  const rowId = id && ID.test(id) ? Number(id) : null;
  return {
    action: action && (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : ALL,
    entityType: isEntityType(entityType) && rowId === null ? entityType : ALL,
    member: member && ID.test(member) ? member : ALL,
    from: from && DAY.test(from) ? from : '',
    to: to && DAY.test(to) ? to : '',
    entity: isEntityType(entityType) && rowId !== null ? { type: entityType, id: rowId } : null,
  };
}

/** The address's query for the Audit tab with these filters (only the ones set). */
export function searchFromFilters(f: AuditFilters): string {
  const p = new URLSearchParams({ view: 'audit' });
  if (f.action !== ALL) p.set('action', f.action);
  if (f.entity) {
    p.set('entity', f.entity.type);
    p.set('id', String(f.entity.id));
  } else if (f.entityType !== ALL) p.set('entity', f.entityType);
  if (f.member !== ALL) p.set('member', f.member);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  return p.toString();
}
