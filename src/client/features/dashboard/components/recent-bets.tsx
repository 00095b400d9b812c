import type { Bet } from '@shared/bet';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { useBets } from '@/features/bets/api/get-bets';
import { useSyndicateFormat } from '@/lib/format';
import { DashboardCard, PanelNote } from './dashboard-card';

/** Spec §9: the latest five settled bets, newest first. */
export const RECENT_BETS_LIMIT = 5;

/** The panel's usual height once loaded (five rows, in px): kept while loading. */
const LOADED_HEIGHT = 274;

export function recentSettledBets(bets: readonly Bet[], limit = RECENT_BETS_LIMIT): Bet[] {
  return bets
    .filter((b) => b.status !== 'pending')
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id)
    .slice(0, limit);
}

export function RecentBets() {
  const f = useSyndicateFormat();
  const bets = useBets();
  const recent = useMemo(() => recentSettledBets(bets.data ?? []), [bets.data]);
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
                <Th>Member</Th>
                <Th>Horse</Th>
                <Th>Race</Th>
                <Th>Odds</Th>
                <Th>Amount</Th>
                <Th>Status</Th>
              </Tr>
            </THead>
            <TBody>
              {recent.map((bet) => (
                <Tr key={bet.id}>
                  <Td className="whitespace-nowrap font-medium">{bet.member.name}</Td>
                  <Td className="whitespace-nowrap">{bet.horseName}</Td>
                  <Td className="whitespace-nowrap">{bet.race?.name ?? '—'}</Td>
                  <Td>{bet.odds.toFixed(2)}</Td>
                  <Td className="whitespace-nowrap">{f.money(bet.amount)}</Td>
                  <Td>
                    <Badge variant={bet.status === 'win' ? 'success' : 'destructive'}>
                      {bet.status === 'win' ? 'Win' : 'Loss'}
                    </Badge>
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
