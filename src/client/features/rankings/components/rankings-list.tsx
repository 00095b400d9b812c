import type { TopPerformer } from '@shared/stats';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { cn } from '@/lib/cn';
import { figureWidth, type SyndicateFormat } from '@/lib/format';
import { placeLabel } from '../rank-order';
import { earningsClass, PerformerName } from './performer-name';

const PLACE_BADGE: Record<number, BadgeVariant> = { 1: 'warning', 2: 'secondary', 3: 'outline' };

/**
 * 'Complete Rankings': every ranked member with rank, win rate, wins, bets and earnings. Earnings
 * has two shares of the row's width (a sum in the millions, "+NZ$2,688,000", in a quarter of a
 * phone's row spilled out) and steps down a size beyond that.
 */
export function RankingsList({ ranked, f }: { ranked: readonly TopPerformer[]; f: SyndicateFormat }) {
  return (
    <Card>
      <h2 className="p-4 text-lg font-semibold leading-tight sm:p-6">Complete Rankings</h2>
      <div>
        <ol className="divide-y divide-border" aria-label="Complete Rankings">
          {ranked.map((performer, i) => {
            const rank = i + 1;
            const place = placeLabel(rank);
            const earnings = f.money(performer.earnings, { signed: true, decimals: 0 });
            return (
              <li
                key={performer.member.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6"
                data-testid="ranking-row"
              >
                <span className="w-6 shrink-0 text-center text-lg font-bold text-muted-foreground">
                  {rank}
                </span>
                <InitialsAvatar name={performer.member.name} initials={performer.member.initials} />
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                  <PerformerName member={performer.member} />
                  {place ? <Badge variant={PLACE_BADGE[rank]}>{place}</Badge> : null}
                </div>
                <dl className="grid w-full grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,2fr)] gap-2 text-center sm:w-auto sm:min-w-[22rem]">
                  <Stat label="Win rate" value={f.percent(performer.winRate)} />
                  <Stat label="Wins" value={String(performer.wins)} />
                  <Stat label="Bets" value={String(performer.bets)} />
                  <Stat
                    label="Earnings"
                    value={earnings}
                    valueClass={cn(
                      earningsClass(performer.earnings),
                      figureWidth(earnings) > 12.8 && 'text-xs',
                    )}
                  />
                </dl>
              </li>
            );
          })}
        </ol>
      </div>
    </Card>
  );
}

function Stat({ label, value, valueClass }: { label: string; value: string; valueClass?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('text-sm font-semibold', valueClass)}>{value}</dd>
    </div>
  );
}
