import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { useTopPerformers } from '@/features/stats/api/get-top-performers';
import { cn } from '@/lib/cn';
import { roundMoney, useSyndicateFormat } from '@/lib/format';
import { DashboardCard, PanelNote } from './dashboard-card';

/** The dashboard's top five by earnings. */
export const TOP_PERFORMERS_LIMIT = 5;

/** The panel's usual height once loaded (five entries, in px): kept while loading. */
const LOADED_HEIGHT = 248;

export function TopPerformers() {
  const f = useSyndicateFormat();
  const performers = useTopPerformers(TOP_PERFORMERS_LIMIT);
  const list = performers.data ?? [];
  return (
    <DashboardCard title="Top Performers">
      {performers.isPending ? (
        <PanelNote reserve={LOADED_HEIGHT}>Loading...</PanelNote>
      ) : list.length === 0 ? (
        <PanelNote>No data available</PanelNote>
      ) : (
        <ol className="grid grid-cols-1 gap-3" aria-label="Top Performers">
          {list.map((p) => (
            // Earnings in the billions leave the name too little room: they go under it, right-aligned.
            <li key={p.member.id} className="flex flex-wrap items-center gap-3" data-testid="top-performer">
              <InitialsAvatar name={p.member.name} initials={p.member.initials} />
              <div className="min-w-24 flex-1">
                <p className="truncate font-medium">{p.member.name}</p>
                <p className="text-xs text-muted-foreground">{f.percent(p.winRate)} win rate</p>
              </div>
              <span
                className={cn(
                  'ml-auto font-semibold whitespace-nowrap tabular-nums',
                  roundMoney(p.earnings, 0) >= 0 ? 'text-success' : 'text-destructive',
                )}
              >
                {f.money(p.earnings, { signed: true, decimals: 0 })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </DashboardCard>
  );
}
