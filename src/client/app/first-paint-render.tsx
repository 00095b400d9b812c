// Pages drawn on the server (src/server/first-paint.ts; issue 17 §3 and §4). On a phone's
// network a page's code arrives seconds after its HTML; signed in, the server answers the
// dashboard and the bets page with the page already drawn from its first reads, by the same
// components the page renders. It is a picture, not the app: the browser shows it until the page
// has rendered behind it, then removes it (lib/first-paint.ts).
// Server only: it brings react-dom/server, which the browser's bundle never loads.
import type { Bet } from '@shared/bet';
import { betRights } from '@shared/bet-rights';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { AppLayout } from '@/app/layout/app-layout';
import { SyndicateContext } from '@/app/syndicate-context';
import { Card } from '@/components/ui/card';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { type BetsPage, betPagesQueryOptions } from '@/features/bets/api/get-bets';
import type { BetHandlers } from '@/features/bets/components/bet-actions';
import { BetCard } from '@/features/bets/components/bet-cards';
import { BetsPageTop } from '@/features/bets/components/bets-page-top';
import { BetLineRow, BetsTableFrame, ROW_GRID } from '@/features/bets/components/bets-table';
import { betLines } from '@/features/bets/lib/bet-lines';
import { betRows } from '@/features/bets/lib/bet-rows';
import { betsFilterOf, betsViewFromSearch } from '@/features/bets/lib/bets-view';
import { DashboardPage, prefetchDashboard } from '@/features/dashboard/dashboard-page';
import { type MyMember, myMemberQueryOptions } from '@/features/members/api/get-my-member';
import { settingsQueryOptions } from '@/features/settings/api/get-settings';
import { syndicatesQueryOptions } from '@/features/syndicates/api/get-syndicates';
import { DRAWN_PAGES } from '@/lib/first-paint';

export { setApiTransport } from '@/lib/api';
export { dehydrate };

/** How many rows the bets page's picture draws: more than a phone's or a desktop's first screen holds. */
const FIRST_PAINT_ROWS = 12;
/** Cards are taller: a phone's first screen holds two or three. */
const FIRST_PAINT_CARDS = 5;

/** What a first paint is drawn for: the page, the address's query string, and whether the browser is a phone's. */
export interface FirstPaintView {
  path: string;
  search: string;
  phone: boolean;
}

/** A cache for one drawn page: nothing retried, nothing refetched, nothing dropped while it draws. */
export const firstPaintClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
    },
  });

/** The bets page's first read for an address's query string. */
const betPagesOf = (search: string) => betPagesQueryOptions(betsFilterOf(betsViewFromSearch(search)));

/**
 * The page's first reads into `client`, made by the page's own query functions (the server
 * answers them as the caller: setApiTransport). True when there is something to draw: signed in,
 * in a syndicate, every read answered, and (on the bets page) bets in the view.
 */
export async function readFirstPaint(client: QueryClient, view: FirstPaintView): Promise<boolean> {
  if (!DRAWN_PAGES.includes(view.path)) return false;
  const reads = Promise.all([
    client.fetchQuery(userQueryOptions),
    client.fetchQuery(syndicatesQueryOptions),
    client.fetchQuery(myMemberQueryOptions),
    client.fetchQuery(settingsQueryOptions),
    view.path === '/bets' ? client.fetchInfiniteQuery(betPagesOf(view.search)) : prefetchDashboard(client),
  ]);
  const [user, syndicates] = await reads.catch(() => [null, []] as const);
  if (!user || syndicates.length === 0) return false;
  if (
    !client
      .getQueryCache()
      .getAll()
      .every((q) => q.state.status === 'success')
  )
    return false;
  if (view.path === '/bets') {
    const pages = client.getQueryData(betPagesOf(view.search).queryKey);
    return (pages?.pages[0]?.bets.length ?? 0) > 0;
  }
  return true;
}

const NONE = new Set<string>();
const nothing = () => {};

function BetsFirstPaint({
  search,
  phone,
  member,
  page,
}: {
  search: string;
  phone: boolean;
  member: MyMember;
  page: BetsPage;
}) {
  const view = betsViewFromSearch(search);
  const rows = betRows(page.bets, view.status).slice(0, FIRST_PAINT_ROWS);
  const handlers: BetHandlers = {
    rights: (bet: Bet) => betRights({ memberId: member.id, role: member.role }, bet),
    settling: new Set(),
    onSettle: nothing,
    onSettleDetails: nothing,
    canResettle: member.role === 'admin',
    onOpenRace: nothing,
    onEdit: nothing,
    onDelete: nothing,
  };
  const complete = page.next === null;
  const lines = betLines(rows, NONE);
  const cards = rows.slice(0, FIRST_PAINT_CARDS);
  return (
    <div className="grid gap-6 pb-16 md:pb-0">
      <BetsPageTop
        search={view.q}
        onSearch={nothing}
        filter={view.status}
        onFilter={nothing}
        memberId={view.memberId}
        onMemberId={nothing}
        range={{ from: view.from, to: view.to }}
        onRange={nothing}
        sort={view.sort}
        onSort={nothing}
        exportHref="#"
        canImport={member.role === 'admin'}
        onAdd={nothing}
        onImport={nothing}
      />
      {/* The list for the screen the browser said it is on (cards on a phone, else the table),
          shown only at the widths the page shows it at: a wrong guess shows no rows. */}
      {phone ? (
        <ul className="grid gap-3 md:hidden" aria-label="Bets">
          {cards.map((row, i) => (
            <li
              key={row.kind === 'single' ? row.bet.id : row.betGroupId}
              aria-posinset={i + 1}
              aria-setsize={complete ? rows.length : -1}
            >
              <BetCard row={row} handlers={handlers} expanded={NONE} onToggleGroup={nothing} />
            </li>
          ))}
        </ul>
      ) : (
        <Card className="hidden overflow-hidden md:block">
          <BetsTableFrame complete={complete} lines={lines} sort={view.sort} onSort={nothing}>
            {lines.map((line, i) => (
              <BetLineRow
                key={line.key}
                line={line}
                handlers={handlers}
                expanded={NONE}
                onToggleGroup={nothing}
                className={ROW_GRID}
                aria-rowindex={i + 2}
              />
            ))}
          </BetsTableFrame>
        </Card>
      )}
    </div>
  );
}

/**
 * The picture's HTML, from the answers `readFirstPaint` put in `client`: the layout and the page.
 * On the bets page one list is drawn (two would be two of every row in the document). Text is
 * escaped by React; nothing in it runs. Its ids are prefixed, so they never meet the page's own.
 */
export function renderFirstPaint(client: QueryClient, view: FirstPaintView): string {
  const search = view.search.replace(/^\?/, '');
  const member = client.getQueryData(myMemberQueryOptions.queryKey);
  const page = view.path === '/bets' ? client.getQueryData(betPagesOf(search).queryKey)?.pages[0] : undefined;
  if (!member || (view.path === '/bets' && !page)) throw new Error('renderFirstPaint: the reads are missing');
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={view.path} ssrSearch={search}>
        <SyndicateContext>
          <AppLayout>
            {page ? (
              <BetsFirstPaint search={search} phone={view.phone} member={member} page={page} />
            ) : (
              <DashboardPage cardsAtOnce />
            )}
          </AppLayout>
        </SyndicateContext>
      </Router>
    </QueryClientProvider>,
    { identifierPrefix: 'fp-' },
  );
}
