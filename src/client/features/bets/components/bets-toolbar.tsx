import type { DayKey } from '@shared/dates';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectOptions,
  SelectTrigger,
  SelectValue,
  useClosedTypeahead,
} from '@/components/ui/select';
import { membersQueryOptions } from '@/features/members/api/get-members';
import type { StatusFilter } from '../lib/bet-rows';
import { rangeBackwards } from '../lib/bets-view';

const OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'win', label: 'Win' },
  { value: 'loss', label: 'Loss' },
  { value: 'placed', label: 'Placed' },
  { value: 'void', label: 'Void' },
];

const isFilter = (v: string): v is StatusFilter => OPTIONS.some((o) => o.value === v);

/** The status filter: All Statuses, Pending, Win, Loss (spec §2), and Placed and Void (settlement). */
export function StatusFilterSelect({
  value,
  onChange,
}: {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
}) {
  return (
    <Select value={value} onValueChange={(v) => isFilter(v) && onChange(v)}>
      <SelectTrigger aria-label="Filter by status" className="w-full sm:w-44">
        {/* Named here, not by the chosen item: the server's first paint has no items to ask. */}
        <SelectValue>{OPTIONS.find((o) => o.value === value)?.label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {OPTIONS.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const ALL = 'all';

/**
 * The member filter: All Members or one current member. The members list (about 120 KB at 1,000
 * members) is read when the menu first opens or a member is chosen, not for the first rows, and
 * drawn lazily (SelectOptions).
 */
export function MemberFilterSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (memberId: number | undefined) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const members = useQuery({ ...membersQueryOptions, enabled: opened || value !== undefined });
  const selected = value === undefined ? ALL : String(value);
  const options = useMemo(
    () => [
      { value: ALL, label: 'All Members' },
      ...(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
    ],
    [members.data],
  );
  const pick = useCallback((v: string) => onChange(v === ALL ? undefined : Number(v)), [onChange]);
  const onTriggerKeyDown = useClosedTypeahead(options, open, selected, pick);
  return (
    <Select
      value={selected}
      onValueChange={pick}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setOpened(true);
      }}
    >
      <SelectTrigger
        aria-label="Filter by member"
        className="w-full sm:w-44"
        // The members are read on focus too, so that typing a name on the closed list finds it.
        onFocus={() => setOpened(true)}
        onKeyDown={onTriggerKeyDown}
      >
        <SelectValue>
          {value === undefined ? 'All Members' : members.data?.find((m) => m.id === value)?.name}
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        <SelectOptions options={options} open={open} value={selected} />
      </SelectContent>
    </Select>
  );
}

export interface DayRange {
  from?: DayKey | undefined;
  to?: DayKey | undefined;
}

/** From and To days (inclusive, the syndicate's days); either may be left empty. */
export function DayRangeInputs({
  value,
  onChange,
}: {
  value: DayRange;
  onChange: (value: DayRange) => void;
}) {
  const id = useId();
  const backwards = rangeBackwards(value);
  const day = (key: keyof DayRange, label: string) => (
    <div className="grid min-w-0 gap-1 sm:flex sm:items-center sm:gap-2">
      <label htmlFor={`${id}-${key}`} className="text-sm text-muted-foreground">
        {label}
      </label>
      <Input
        id={`${id}-${key}`}
        type="date"
        className="min-w-0 px-2 sm:w-40 sm:px-3"
        value={value[key] ?? ''}
        aria-invalid={backwards || undefined}
        aria-describedby={backwards ? `${id}-error` : undefined}
        onChange={(e) => onChange({ ...value, [key]: e.target.value || undefined })}
      />
    </div>
  );
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-center">
      {day('from', 'From')}
      {day('to', 'To')}
      {backwards ? (
        <p id={`${id}-error`} role="alert" className="col-span-2 text-sm text-destructive">
          The end is before the start
        </p>
      ) : null}
    </div>
  );
}
