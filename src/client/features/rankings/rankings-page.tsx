import { Trophy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ExportCsvLink } from '@/features/export/export-csv-link';
import { RANKINGS_CSV_URL } from '@/features/export/export-urls';
import { useTopPerformers } from '@/features/stats/api/get-top-performers';
import { useSyndicateFormat } from '@/lib/format';
import { Podium } from './components/podium';
import { RankingsList } from './components/rankings-list';
import { isRankingSort, type RankingSort, rankPerformers, SORT_OPTIONS } from './rank-order';

/** Spec §9: the rankings page asks for up to 100 performers and sorts them here. */
export const RANKINGS_LIMIT = 100;

export function RankingsPage() {
  const f = useSyndicateFormat();
  const performers = useTopPerformers(RANKINGS_LIMIT);
  const [sort, setSort] = useState<RankingSort>('winnings');
  const ranked = useMemo(() => rankPerformers(performers.data ?? [], sort), [performers.data, sort]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Punter Rankings</h1>
          <p className="mt-1 text-muted-foreground">See how syndicate members rank by performance</p>
        </div>
        <div className="flex w-full items-end gap-2 sm:w-auto">
          <SelectField
            label="Sort by"
            options={SORT_OPTIONS}
            value={sort}
            onValueChange={(v) => isRankingSort(v) && setSort(v)}
            className="min-w-0 flex-1 sm:w-56 sm:flex-none"
          />
          <ExportCsvLink href={RANKINGS_CSV_URL} />
        </div>
      </div>
      {performers.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-48" />
          <Skeleton className="h-64" />
        </div>
      ) : performers.isError ? (
        <Card>
          <EmptyState
            icon={Trophy}
            title="Rankings could not be loaded"
            description="Please try again later."
          />
        </Card>
      ) : ranked.length === 0 ? (
        <Card>
          <EmptyState
            icon={Trophy}
            title="No betting data available yet"
            description="Rankings will appear once members start placing bets"
          />
        </Card>
      ) : (
        <>
          {ranked.length >= 3 ? <Podium ranked={ranked} sort={sort} f={f} /> : null}
          <RankingsList ranked={ranked} f={f} />
        </>
      )}
    </div>
  );
}
