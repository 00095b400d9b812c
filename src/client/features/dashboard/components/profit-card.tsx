import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { useInsightsTimeline } from '@/features/insights/api/get-insights';
import { periodRange, timelineInterval } from '@/features/insights/lib/period';
import { fitFigure, useSyndicateFormat } from '@/lib/format';
import { DashboardCard, PanelNote } from './dashboard-card';
import { ProfitLine } from './profit-line';

/** The chart's height (px); the card keeps it while the data loads. */
const CHART_HEIGHT = 144;

/** What the card reads: this year to `today` (the syndicate's day), by the interval Insights uses. */
export function profitLineTimeline(today: string) {
  const range = periodRange('year', today);
  return { interval: timelineInterval(range, today), range };
}

/**
 * Issue 16: the syndicate's cumulative profit this year (settled bets, in the syndicate's time
 * zone), a small line linking to Insights.
 */
export function ProfitCard() {
  const f = useSyndicateFormat();
  const today = f.todayKey();
  const { interval, range } = profitLineTimeline(today);
  const timeline = useInsightsTimeline(interval, range);
  const points = timeline.data?.points ?? [];
  const settled = points.some((p) => p.staked !== 0);
  const total = points.at(-1)?.cumulativeProfit ?? 0;
  const totalText = f.money(total, { signed: true });
  return (
    <DashboardCard
      title="Profit this year"
      action={
        <Link
          href="/insights"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          Insights
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {timeline.isPending ? (
        <PanelNote reserve={CHART_HEIGHT + 36}>Loading...</PanelNote>
      ) : timeline.isError ? (
        <PanelNote>Could not load the profit.</PanelNote>
      ) : !settled ? (
        <PanelNote>No settled bets this year yet. Settle a bet and its profit or loss shows here.</PanelNote>
      ) : (
        <>
          <p className="@container mb-2 text-sm text-muted-foreground break-words">
            <span
              className={`text-2xl font-bold tracking-tight tabular-nums ${total < 0 ? 'text-destructive' : 'text-success'}`}
              style={fitFigure(totalText, '1.5rem')}
              data-testid="profit-card-total"
            >
              {totalText}
            </span>{' '}
            so far
          </p>
          <ProfitLine
            points={points}
            interval={timeline.data?.interval ?? 'week'}
            height={CHART_HEIGHT}
            label={`Line chart of the cumulative profit this year by ${timeline.data?.interval ?? 'week'}, ending at ${totalText}`}
          />
        </>
      )}
    </DashboardCard>
  );
}
