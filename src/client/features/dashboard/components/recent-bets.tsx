import type { Bet } from '@shared/bet';
import { BET_STATUSES } from '@shared/bet-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STICKY_CELL_BG, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { StatusBadge } from '@/features/bets/components/bet-cells';
import { apiGet } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { DashboardCard, PanelNote } from './dashboard-card';

/** Spec §9: the latest five settled bets, newest first. */
export const RECENT_BETS_LIMIT = 5;

/** The panel's usual height once loaded (five rows, in px): kept while loading. */
const LOADED_HEIGHT = 274;

/**
 * The newest settled bets (every status but pending), newest first: one page of five from the
 * server, not the whole list (a syndicate may hold 100,000 bets). Under the bets key, so a bet
 * change refreshes it.
 */
export const RECENT_BETS_URL = `/api/bets?limit=${RECENT_BETS_LIMIT}&status=${BET_STATUSES.filter((s) => s !== 'pending').join(',')}`;

export const recentBetsQueryOptions = queryOptions({
  queryKey: [...queryKeys.bets, 'recent'],
  queryFn: () => apiGet<Bet[]>(RECENT_BETS_URL),
});

/**
 * Below 640 px the six columns are wider than the card and scroll sideways: the member's name
 * and the outcome stay in view at the edges (as the bets table holds its last columns), and
 * horse, race, odds and amount scroll between them. From 640 px member, horse and race wrap between
 * words, so the table fits the card (half the page beside the sidebar at 1280 px, about 600 px).
 */
const WRAPS = 'whitespace-nowrap sm:whitespace-normal sm:break-words';
const STICKY_START = `max-sm:sticky max-sm:left-0 max-sm:z-10 max-sm:shadow-[6px_0_6px_-6px_rgb(0_0_0/0.2)] ${STICKY_CELL_BG}`;
const STICKY_END = `max-sm:sticky max-sm:right-0 max-sm:z-10 max-sm:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)] ${STICKY_CELL_BG}`;

export function RecentBets() {
  const f = useSyndicateFormat();
  const bets = useQuery(recentBetsQueryOptions);
  const recent = bets.data ?? [];
  return (
    <DashboardCard title="Recent Bets">
      {bets.isPending ? (
        <PanelNote reserve={LOADED_HEIGHT}>Loading...</PanelNote>
      ) : recent.length === 0 ? (
        <PanelNote>No bets found</PanelNote>
      ) : (
        // Scrolls sideways on small screens, so it takes focus: keyboard users can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe)
        <section className="overflow-x-auto" tabIndex={0} aria-label="Recent bets table">
          <table className="w-full border-collapse text-sm">
            <THead>
              <Tr>
                <Th className={STICKY_START}>Member</Th>
                <Th>Horse</Th>
                <Th>Race</Th>
                <Th>Odds</Th>
                <Th>Amount</Th>
                <Th className={STICKY_END}>Status</Th>
              </Tr>
            </THead>
            <TBody>
              {recent.map((bet) => (
                <Tr key={bet.id}>
                  <Td className={cn(WRAPS, 'font-medium', STICKY_START)}>{bet.member.name}</Td>
                  <Td className={WRAPS}>{bet.horseName}</Td>
                  <Td className={WRAPS}>{bet.race?.name ?? '—'}</Td>
                  <Td>{bet.odds.toFixed(2)}</Td>
                  <Td className="whitespace-nowrap">{f.money(bet.amount)}</Td>
                  <Td className={STICKY_END}>
                    {/* Win or Loss (spec §9); an each-way bet's paid place and a non-runner say so. */}
                    <StatusBadge status={bet.status} />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </table>
        </section>
      )}
    </DashboardCard>
  );
}
