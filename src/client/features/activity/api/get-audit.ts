import {
  ACTIVITY_LIMIT_DEFAULT,
  type AuditAction,
  type AuditEntityType,
  type AuditPage,
} from '@shared/audit';
import type { DayKey } from '@shared/dates';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The Audit tab's filters; each left undefined is not applied. from/to are inclusive days. */
export interface AuditFilter {
  action?: AuditAction | undefined;
  entityType?: AuditEntityType | undefined;
  /** One row's events (not looked up: a deleted row's history still answers). */
  entityId?: number | undefined;
  actorMemberId?: number | undefined;
  from?: DayKey | undefined;
  to?: DayKey | undefined;
}

/** The query string of a filter and a page: 'action=bet.updated&limit=30&cursor=…'. */
export function auditParams(filter: AuditFilter, limit: number, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filter.action) params.set('action', filter.action);
  if (filter.entityType) params.set('entityType', filter.entityType);
  if (filter.entityId) params.set('entityId', String(filter.entityId));
  if (filter.actorMemberId) params.set('actorMemberId', String(filter.actorMemberId));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /api/audit (admins) → one page of the log with each event's changes, newest first. */
export const getAudit = (filter: AuditFilter, limit: number, cursor?: string | null) =>
  apiGet<AuditPage>(`/api/audit?${auditParams(filter, limit, cursor)}`);

/** The audit log for a filter, newest first; `fetchNextPage` follows `nextCursor` ("Load more"). */
export function useAuditLog(filter: AuditFilter, { enabled = true } = {}, pageSize = ACTIVITY_LIMIT_DEFAULT) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.list({ ...filter, pageSize }),
    queryFn: ({ pageParam }) => getAudit(filter, pageSize, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
