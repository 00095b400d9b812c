import type { AuditAction, AuditEntityType, AuditEvent } from '@shared/audit';
import { FileSearch, X } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useFormerMembers } from '@/features/members/api/get-former-members';
import { useMembers } from '@/features/members/api/get-members';
import { DAY_INPUT_LIMITS, dayRangeErrors, hasDayRangeErrors } from '@/lib/day-range';
import { useSyndicateFormat } from '@/lib/format';
import { type AuditFilter, useAuditLog } from '../api/get-audit';
import { ALL, type AuditFilters, filtersFromSearch, NO_FILTERS, searchFromFilters } from '../lib/audit-url';
import { type ChangeContext, changeLines } from '../lib/changes';
import { ACTION_OPTIONS, ENTITY_TYPE_LABELS, ENTITY_TYPE_OPTIONS } from '../lib/labels';
import { EventList } from './event-list';

/** The API's filter from the form's (ALL and '' are "any"). */
export function toAuditFilter(f: AuditFilters): AuditFilter {
  return {
    action: f.action === ALL ? undefined : (f.action as AuditAction),
    entityType: f.entity?.type ?? (f.entityType === ALL ? undefined : (f.entityType as AuditEntityType)),
    actorMemberId: f.member === ALL ? undefined : Number(f.member),
    from: f.from || undefined,
    to: f.to || undefined,
    entityId: f.entity?.id,
  };
}

/**
 * The Audit tab (admins): the log with each change as "Odds 5.00 → 6.00", filtered by action,
 * entity type, member (who did it) and days (in the syndicate's time zone, inclusive). The filters
 * live in the address (lib/audit-url.ts): a filtered log survives a reload and can be shared.
 */
export function AuditLog() {
  const f = useSyndicateFormat();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const setFilters = (next: AuditFilters) =>
    navigate(`/activity?${searchFromFilters(next)}`, { replace: true });
  const set = (patch: Partial<AuditFilters>) => setFilters({ ...filters, ...patch });
  // Days the API would refuse (a year outside 1900–2100, the end before the start) are shown under
  // their field and not sent; the list is hidden rather than left showing other dates' events.
  const dateErrors = dayRangeErrors(filters.from || undefined, filters.to || undefined);
  const wrongDates = hasDayRangeErrors(dateErrors);
  const log = useAuditLog(toAuditFilter(filters), { enabled: !wrongDates });
  const members = useMembers();
  const former = useFormerMembers(true);
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const m of former.data ?? []) map.set(m.id, m.name);
    for (const m of members.data ?? []) map.set(m.id, m.name);
    return map;
  }, [members.data, former.data]);
  const memberOptions = [
    { value: ALL, label: 'Everyone' },
    ...(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
    ...(former.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (former)` })),
  ];
  const ctx: ChangeContext = { format: f, memberName: (id) => names.get(id) };
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <div className="grid gap-4">
      <Card
        className="grid grid-cols-2 items-start gap-3 p-4 sm:p-5 xl:grid-cols-5"
        role="search"
        aria-label="Filter the audit log"
      >
        <SelectField
          className="col-span-2 xl:col-span-1"
          label="Action"
          value={filters.action}
          onValueChange={(action) => set({ action })}
          options={[{ value: ALL, label: 'All actions' }, ...ACTION_OPTIONS]}
        />
        <SelectField
          className="min-w-0"
          label="Entity"
          value={filters.entity?.type ?? filters.entityType}
          onValueChange={(entityType) => set({ entityType, entity: null })}
          options={[{ value: ALL, label: 'Everything' }, ...ENTITY_TYPE_OPTIONS]}
        />
        <SelectField
          className="min-w-0"
          label="Member"
          value={filters.member}
          onValueChange={(member) => set({ member })}
          options={memberOptions}
        />
        {/* A date input does not fit half a phone's width (its picker icon is cut): one a row there. */}
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <FormField
            label="From"
            type="date"
            className="min-w-0"
            min={DAY_INPUT_LIMITS.min}
            max={DAY_INPUT_LIMITS.max}
            value={filters.from}
            onChange={(e) => set({ from: e.target.value })}
            error={dateErrors.from}
          />
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <FormField
            label="To"
            type="date"
            className="min-w-0"
            min={DAY_INPUT_LIMITS.min}
            max={DAY_INPUT_LIMITS.max}
            value={filters.to}
            onChange={(e) => set({ to: e.target.value })}
            error={dateErrors.to}
          />
        </div>
        {filtered ? (
          <div className="col-span-2 flex flex-wrap items-center gap-2 xl:col-span-5">
            {filters.entity ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-muted px-3 py-1 text-sm">
                Only {ENTITY_TYPE_LABELS[filters.entity.type].toLowerCase()} #{filters.entity.id}
                <button
                  type="button"
                  className="ml-1 rounded-full p-0.5 hover:bg-background"
                  aria-label="Show every row again"
                  onClick={() => set({ entity: null })}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            ) : null}
            <Button variant="ghost" size="sm" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          </div>
        ) : null}
      </Card>

      {wrongDates ? null : log.isPending ? (
        <Spinner label="Loading the audit log..." />
      ) : log.isError ? (
        <p className="py-10 text-center text-sm text-destructive">Could not load the audit log.</p>
      ) : events.length === 0 ? (
        <Card>
          <EmptyState
            icon={FileSearch}
            title={filtered ? 'No events match these filters' : 'The audit log is empty'}
            description={
              filtered
                ? 'Pick another action or member, widen the dates, or clear the filters.'
                : 'Every change anyone makes is recorded here. Add a bet or a member to see the first entry.'
            }
            action={
              filtered ? (
                <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <EventList
          events={events}
          details={(event) => (
            <AuditDetails
              event={event}
              ctx={ctx}
              showHistory={
                filters.entity === null && event.entityId !== null && event.action !== 'bet.imported'
              }
              onHistory={() => set({ entity: { type: event.entityType, id: event.entityId! } })}
            />
          )}
          hasMore={log.hasNextPage}
          loadingMore={log.isFetchingNextPage}
          onLoadMore={() => void log.fetchNextPage()}
        />
      )}
    </div>
  );
}

/** An event's changes, one line each ("Odds 5.00 → 6.00"), and a button for its row's history. */
function AuditDetails({
  event,
  ctx,
  showHistory,
  onHistory,
}: {
  event: AuditEvent;
  ctx: ChangeContext;
  showHistory: boolean;
  onHistory: () => void;
}) {
  const lines = changeLines(event.changes, ctx);
  const entity = ENTITY_TYPE_LABELS[event.entityType].toLowerCase();
  return (
    <>
      {lines.length > 0 ? (
        <ul className="mt-2 grid gap-1 rounded-md bg-muted/60 px-3 py-2 text-sm" aria-label="Changes">
          {lines.map((line) => (
            <li key={line.field} className="break-words tabular-nums" data-testid="audit-change">
              <span className="font-medium">{line.label}</span>
              {` ${line.before} → ${line.after}`}
            </li>
          ))}
        </ul>
      ) : null}
      {showHistory ? (
        <Button
          variant="link"
          size="sm"
          className="mt-1 h-auto p-0 text-xs"
          onClick={onHistory}
          aria-label={`History of this ${entity} (#${event.entityId})`}
        >
          History of this {entity}
        </Button>
      ) : null}
    </>
  );
}
