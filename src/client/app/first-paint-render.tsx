// The bets page's first paint, rendered on the server (src/server/first-paint.ts; issue 17 §4).
// On a phone's network the page's code arrives seconds after its HTML; signed in, the server
// answers /bets with the page already drawn from its first reads (the layout, the controls and
// the first rows), with the same components the page renders. It is a picture, not the app: the
// browser shows it until the page has rendered behind it, then removes it (lib/first-paint.ts).
// Server only: it brings react-dom/server, which the browser's bundle never loads.
import type { Bet } from '@shared/bet';
import { betRights } from '@shared/bet-rights';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { AppLayout } from '@/app/layout/app-layout';
import { Card } from '@/components/ui/card';
import type { BetHandlers } from '@/features/bets/components/bet-actions';
import { BetCard } from '@/features/bets/components/bet-cards';
import { BetsPageTop } from '@/features/bets/components/bets-page-top';
import { BetLineRow, BetsTableFrame } from '@/features/bets/components/bets-table';
import { betLines } from '@/features/bets/lib/bet-lines';
import { betRows } from '@/features/bets/lib/bet-rows';
import { betsViewFromSearch } from '@/features/bets/lib/bets-view';
import { SyndicateFormatProvider } from '@/lib/format';
import { type FirstPaintData, seedFirstPaintData } from './first-paint';

/** How many rows the first paint draws: more than a phone's or a desktop's first screen holds. */
const FIRST_PAINT_ROWS = 12;
/** Cards are taller: a phone's first screen holds two or three. */
const FIRST_PAINT_CARDS = 5;

/** What the first paint is drawn for: the address's query string, and whether the browser is a phone's. */
export interface FirstPaintView {
  search: string;
  phone: boolean;
}

const NONE = new Set<string>();
const nothing = () => {};

function BetsFirstPaint({ search, phone, member, settings, page }: FirstPaintData & FirstPaintView) {
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
    <SyndicateFormatProvider currency={settings.currency} timeZone={settings.timezone}>
      <AppLayout>
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
              <BetsTableFrame complete={complete} count={lines.length} sort={view.sort} onSort={nothing}>
                {lines.map((line, i) => (
                  <BetLineRow
                    key={line.key}
                    line={line}
                    handlers={handlers}
                    expanded={NONE}
                    onToggleGroup={nothing}
                    aria-rowindex={i + 2}
                  />
                ))}
              </BetsTableFrame>
            </Card>
          )}
        </div>
      </AppLayout>
    </SyndicateFormatProvider>
  );
}

/**
 * The first paint's HTML for an address's query string (`?status=win…`): the layout and the bets
 * page as `data` draws them, with one list (two would be two of every row in the document). Text is escaped by React; nothing in it runs. Its ids are prefixed,
 * so they never meet the page's own.
 */
export function renderBetsFirstPaint(view: FirstPaintView, data: FirstPaintData): string {
  const client = new QueryClient();
  seedFirstPaintData(client, data);
  const search = view.search.replace(/^\?/, '');
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/bets" ssrSearch={search}>
        <BetsFirstPaint {...data} search={search} phone={view.phone} />
      </Router>
    </QueryClientProvider>,
    { identifierPrefix: 'fp-' },
  );
}
