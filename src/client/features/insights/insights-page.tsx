import type { DayKey } from '@shared/dates';
import { BarChart3, CalendarX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { useFormerMembers } from '@/features/members/api/get-former-members';
import { useMembers } from '@/features/members/api/get-members';
import { DAY_INPUT_LIMITS, dayRangeErrors, hasDayRangeErrors } from '@/lib/day-range';
import { useSyndicateFormat } from '@/lib/format';
import { useInsightsSummary } from './api/get-insights';
import { BreakdownTabs } from './components/breakdown-tabs';
import { ProfitCharts } from './components/profit-charts';
import { SummaryCards } from './components/summary-cards';
import { PERIODS, type Period, periodRange, type Range, timelineInterval } from './lib/period';

const ALL = 'all';

/** Insights (issue 16): are we winning, and on what? Period, summary, charts and breakdowns. */
export function InsightsPage() {
  const f = useSyndicateFormat();
  const today = f.todayKey();
  const [period, setPeriod] = useState<Period>('year');
  const [custom, setCustom] = useState<Range>({});
  const [member, setMember] = useState<string>(ALL);
  const members = useMembers();
  // Former members keep their bets, so their figures can still be looked at (as in the audit log).
  const former = useFormerMembers(true);
  const range = useMemo(() => periodRange(period, today, custom), [period, today, custom]);
  // A custom range the API would refuse (a year outside 1900–2100, the end before the start) is
  // not sent, and no figures are shown: those of another range would read as this one's.
  const customErrors = period === 'custom' ? dayRangeErrors(range.from, range.to) : {};
  const customWrong = hasDayRangeErrors(customErrors);
  const memberId = member === ALL ? undefined : Number(member);
  const summary = useInsightsSummary(range, memberId, { enabled: !customWrong });
  const memberOptions = [
    { value: ALL, label: 'All members' },
    ...(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
    ...(former.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (former)` })),
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Insights</h1>
        <p className="mt-1 text-muted-foreground">Are we winning, and on what?</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Period"
          options={PERIODS}
          value={period}
          onValueChange={(v) => setPeriod(v as Period)}
        />
        {period === 'custom' ? (
          <>
            <DayInput
              label="From"
              value={custom.from}
              onChange={(from) => setCustom((c) => ({ ...c, from }))}
              error={customErrors.from}
            />
            <DayInput
              label="To"
              value={custom.to}
              onChange={(to) => setCustom((c) => ({ ...c, to }))}
              error={customErrors.to}
            />
          </>
        ) : null}
        <SelectField
          label="Summary for"
          options={memberOptions}
          value={member}
          onValueChange={setMember}
          className={period === 'custom' ? '' : 'lg:col-start-4'}
        />
      </div>

      {customWrong ? (
        <Card>
          <EmptyState
            icon={CalendarX}
            title="No figures for these dates"
            description="Correct the From and To dates above to see the insights for that range."
          />
        </Card>
      ) : summary.isError ? (
        <p className="py-10 text-center text-sm text-destructive">Could not load the insights.</p>
      ) : summary.data && summary.data.bets === 0 && member === ALL ? (
        <Card>
          <EmptyState
            icon={BarChart3}
            title="No bets in this period"
            description="Insights appear once bets are placed and settled. Add a bet on the Bets page, or pick All time."
          />
        </Card>
      ) : (
        <>
          <SummaryCards summary={summary.data} />
          <ProfitCharts range={range} interval={timelineInterval(range, today)} />
          <BreakdownTabs range={range} />
        </>
      )}
    </div>
  );
}

function DayInput(props: {
  label: string;
  value: DayKey | undefined;
  onChange: (v: DayKey | undefined) => void;
  error?: string | undefined;
}) {
  return (
    <FormField
      label={props.label}
      type="date"
      min={DAY_INPUT_LIMITS.min}
      max={DAY_INPUT_LIMITS.max}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value || undefined)}
      error={props.error}
    />
  );
}
