import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { StatusFilter } from '../lib/bet-rows';

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
      <SelectTrigger aria-label="Filter by status" className="w-full sm:w-48">
        <SelectValue />
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
