import type { TopPerformer } from '@shared/stats';
import { Crown, Medal } from 'lucide-react';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { cn } from '@/lib/cn';
import type { SyndicateFormat } from '@/lib/format';
import type { RankingSort } from '../rank-order';
import { earningsClass, PerformerName } from './performer-name';

const PLACES = [
  {
    index: 1,
    label: '2nd',
    plinth: 'h-20 bg-slate-200 text-slate-800',
    avatar: '[&>span]:size-14 [&>span]:text-base',
    icon: 'text-slate-500',
  },
  {
    index: 0,
    label: '1st',
    plinth: 'h-28 bg-amber-200 text-amber-950',
    avatar: '[&>span]:size-16 [&>span]:text-lg',
    icon: 'text-amber-500',
  },
  {
    index: 2,
    label: '3rd',
    plinth: 'h-14 bg-orange-200 text-orange-950',
    avatar: '[&>span]:size-12',
    icon: 'text-orange-700',
  },
] as const;

/** The top three on a podium, shown 2nd, 1st, 3rd (spec §2); needs three or more entries. */
export function Podium({
  ranked,
  sort,
  f,
}: {
  ranked: readonly TopPerformer[];
  sort: RankingSort;
  f: SyndicateFormat;
}) {
  return (
    <section aria-label="Podium" className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6">
      <ol className="grid grid-cols-3 items-end gap-2 sm:gap-6">
        {PLACES.map((place) => {
          const performer = ranked[place.index];
          if (!performer) return null;
          const Icon = place.index === 0 ? Crown : Medal;
          return (
            <li
              key={place.label}
              className="flex min-w-0 flex-col items-center gap-2 text-center"
              data-testid="podium-place"
              aria-label={`${place.label}: ${performer.member.name}`}
            >
              <Icon aria-hidden="true" className={cn('size-6', place.icon)} />
              {/* The wrapper's child selector outranks the avatar's own size class. */}
              <div className={place.avatar}>
                <InitialsAvatar name={performer.member.name} initials={performer.member.initials} />
              </div>
              <PerformerName member={performer.member} className="w-full text-sm break-words sm:text-base" />
              <PodiumMeasure performer={performer} sort={sort} f={f} />
              <div
                className={cn(
                  'flex w-full items-start justify-center rounded-t-md pt-2 text-lg font-bold',
                  place.plinth,
                )}
              >
                {place.label}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function PodiumMeasure({
  performer,
  sort,
  f,
}: {
  performer: TopPerformer;
  sort: RankingSort;
  f: SyndicateFormat;
}) {
  if (sort === 'winRate')
    return <p className="text-sm font-medium">{f.percent(performer.winRate)} win rate</p>;
  if (sort === 'wins')
    return <p className="text-sm font-medium">{performer.wins === 1 ? '1 win' : `${performer.wins} wins`}</p>;
  return (
    <p className={cn('text-sm font-semibold', earningsClass(performer.earnings))}>
      {f.money(performer.earnings, { signed: true, decimals: 0 })}
    </p>
  );
}
