import { ArrowRight } from 'lucide-react';
import { formatOdds, StatusBadge } from '@/features/bets/components/bet-cells';
import { betTypeLabel } from '@/features/bets/lib/bet-form';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import type { PreviewRow, ResultPreview } from '../lib/result-preview';

const signedClass = (n: number) =>
  n > 0 ? 'text-[#15803d]' : n < 0 ? 'text-destructive' : 'text-foreground';

/** Every bet the result touches: what it is now and what it becomes (status and result). */
export function ResultPreviewList({ preview, placeTerms }: { preview: ResultPreview; placeTerms: string }) {
  const f = useSyndicateFormat();
  const { rows, settled, unmatched, untouched, net } = preview;
  return (
    <div className="grid gap-2">
      <p data-testid="result-preview-summary">
        {rows.length === 0 ? (
          'No pending bets on this race: the result settles nothing.'
        ) : (
          <>
            Settles <strong>{settled}</strong> {settled === 1 ? 'bet' : 'bets'}
            {unmatched > 0 ? (
              <>
                ; <strong>{unmatched}</strong> {unmatched === 1 ? 'stays' : 'stay'} pending
              </>
            ) : null}
            {settled > 0 ? (
              <>
                {' '}
                · net{' '}
                <strong className={cn('tabular-nums', signedClass(net))}>
                  {f.money(net, { signed: true })}
                </strong>
              </>
            ) : null}
          </>
        )}
      </p>
      <p className="text-xs text-muted-foreground">Default each-way terms: {placeTerms}.</p>
      {rows.length > 0 ? (
        <ul className="grid gap-1.5" aria-label="Bets this result settles">
          {rows.map((row) => (
            <PreviewItem key={row.bet.id} row={row} />
          ))}
        </ul>
      ) : null}
      {untouched > 0 ? (
        <p className="text-xs text-muted-foreground">
          {untouched} settled {untouched === 1 ? 'bet is' : 'bets are'} not changed (settled by hand).
        </p>
      ) : null}
    </div>
  );
}

function PreviewItem({ row }: { row: PreviewRow }) {
  const f = useSyndicateFormat();
  const { bet } = row;
  const note =
    row.kind === 'unmatched'
      ? 'Horse not in the result: stays pending'
      : row.kind === 'back-to-pending'
        ? 'No longer in the result: back to pending'
        : row.unchanged
          ? 'No change'
          : row.resettle
            ? 'Re-settled'
            : null;
  const warn = row.kind !== 'settle';
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border border-border bg-card px-2 py-1.5"
      data-testid="preview-bet"
      data-status={row.status}
    >
      <div className="min-w-0">
        <p className="font-medium break-words">
          {bet.horseName}{' '}
          <span className="font-normal text-muted-foreground">· {betTypeLabel(bet.betType)}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {f.money(bet.amount)} at {formatOdds(bet.odds)}
          {bet.oddsType === 'tote' ? ' (tote)' : ''} · {bet.member.name}
        </p>
        {note ? (
          <p className={cn('text-xs', warn ? 'font-medium text-[#92400e]' : 'text-muted-foreground')}>
            {note}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        {bet.status !== 'pending' && !row.unchanged ? (
          <>
            <span className="sr-only">was</span>
            <StatusBadge status={bet.status} />
            <ArrowRight aria-hidden="true" className="size-3.5 text-muted-foreground" />
            <span className="sr-only">now</span>
          </>
        ) : null}
        {row.result !== null ? (
          <span
            className={cn('font-semibold tabular-nums', signedClass(row.result))}
            data-testid="preview-result"
          >
            {f.money(row.result, { signed: true })}
          </span>
        ) : null}
        <StatusBadge status={row.status} />
      </div>
    </li>
  );
}
