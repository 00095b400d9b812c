import type { ImportPreviewBet, ImportRowError } from '@shared/csv-io';
import { CheckCircle2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { useSyndicateFormat } from '@/lib/format';
import type { DryRunSummary } from '../lib/import-csv';
import { formatOdds, StatusBadge } from './bet-cells';

const BET_TYPE: Record<ImportPreviewBet['betType'], string> = {
  win: 'Win',
  place: 'Place',
  'each-way': 'Each-way',
};

/** The rows' errors: row (the file's line; the header is row 1), column and message. */
export function ImportErrorsTable({ errors }: { errors: ImportRowError[] }) {
  return (
    <Table label="Errors by row" wrapperClassName="rounded-md border border-destructive/40">
      <THead>
        <Tr>
          <Th className="w-14">Row</Th>
          <Th>Column</Th>
          <Th>Message</Th>
        </Tr>
      </THead>
      <TBody>
        {errors.map((e) => (
          <Tr key={`${e.row}-${e.column}-${e.message}`} data-testid="import-error">
            <Td className="py-2 tabular-nums">{e.row}</Td>
            <Td className="py-2 whitespace-nowrap">{e.column}</Td>
            <Td className="py-2 text-destructive [overflow-wrap:anywhere]">{e.message}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function PreviewTable({ bets }: { bets: ImportPreviewBet[] }) {
  const f = useSyndicateFormat();
  return (
    <Table label="Bets to import" wrapperClassName="rounded-md border border-border" className="text-xs">
      <THead>
        <Tr>
          <Th>Date</Th>
          <Th>Member</Th>
          <Th>Horse</Th>
          <Th>Race</Th>
          <Th>Type</Th>
          <Th className="text-right">Odds</Th>
          <Th className="text-right">Stake</Th>
          <Th>Status</Th>
        </Tr>
      </THead>
      <TBody>
        {bets.map((b) => (
          <Tr key={b.row} data-testid="import-preview-bet">
            <Td className="py-2 whitespace-nowrap">{f.date(b.date, 'MMM d, yyyy')}</Td>
            <Td className="py-2 break-words">{b.member}</Td>
            <Td className="py-2 font-medium break-words">{b.horseName}</Td>
            <Td className="py-2">
              {b.race ?? <span className="text-muted-foreground">—</span>}
              {b.venue ? <div className="text-muted-foreground">{b.venue}</div> : null}
            </Td>
            <Td className="py-2 whitespace-nowrap">
              {BET_TYPE[b.betType]}
              {b.oddsType === 'tote' ? ' (tote)' : ''}
            </Td>
            <Td className="py-2 text-right tabular-nums">{formatOdds(b.odds)}</Td>
            <Td className="py-2 text-right whitespace-nowrap tabular-nums">{f.money(b.amount)}</Td>
            <Td className="py-2">
              <StatusBadge status={b.status} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** Small screens: each bet on two lines instead of an eight-column table. */
function PreviewList({ bets }: { bets: ImportPreviewBet[] }) {
  const f = useSyndicateFormat();
  return (
    <ul aria-label="Bets to import" className="grid divide-y divide-border rounded-md border border-border">
      {bets.map((b) => (
        <li key={b.row} data-testid="import-preview-bet" className="grid gap-1 px-3 py-2 text-sm">
          <div className="flex items-start justify-between gap-2">
            <span className="min-w-0 font-medium break-words">{b.horseName}</span>
            <StatusBadge status={b.status} />
          </div>
          <div className="text-xs text-muted-foreground">
            {BET_TYPE[b.betType]}
            {b.oddsType === 'tote' ? ' (tote)' : ''} at {formatOdds(b.odds)} · {f.money(b.amount)} ·{' '}
            {b.member}
          </div>
          <div className="text-xs text-muted-foreground">
            {f.date(b.date, 'MMM d, yyyy')}
            {b.race ? ` · ${b.race}` : ''}
            {b.venue ? `, ${b.venue}` : ''}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A dry run's answer: the counts, the errors by row, the duplicates skipped, and the bets to import. */
export function DryRunResults({
  fileName,
  summary,
  preview,
}: {
  fileName: string;
  summary: DryRunSummary;
  preview: ImportPreviewBet[];
}) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <p className="flex items-start gap-2 text-sm" data-testid="import-headline">
        {summary.errors.length === 0 && summary.toImport > 0 ? (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-[#15803d]" />
        ) : null}
        <span>
          <span className="font-medium break-all">{fileName}</span> — {summary.headline}
        </span>
      </p>

      {summary.errors.length > 0 ? (
        <section aria-labelledby="import-errors-title" className="grid gap-2">
          <h3 id="import-errors-title" className="text-sm font-semibold text-destructive">
            Errors ({summary.errors.length})
          </h3>
          <p className="text-xs text-muted-foreground">
            Fix these rows in the file and choose it again. Row 1 is the header.
          </p>
          <ImportErrorsTable errors={summary.errors} />
        </section>
      ) : null}

      {summary.duplicates.length > 0 ? (
        <section aria-labelledby="import-duplicates-title" className="grid gap-2">
          <h3 id="import-duplicates-title" className="text-sm font-semibold">
            Duplicates, skipped ({summary.duplicates.length})
          </h3>
          <p className="text-xs text-muted-foreground">
            The same member, horse, date, stake and odds as a bet already kept or an earlier row.
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Duplicate rows">
            {summary.duplicates.map((row) => (
              <li key={row}>
                <Badge variant="outline">Row {row}</Badge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {preview.length > 0 ? (
        <section aria-labelledby="import-preview-title" className="grid min-w-0 gap-2">
          <h3 id="import-preview-title" className="text-sm font-semibold">
            Preview
          </h3>
          <div className="hidden sm:block">
            <PreviewTable bets={preview} />
          </div>
          <div className="sm:hidden">
            <PreviewList bets={preview} />
          </div>
          {summary.notPreviewed > 0 ? (
            <p className="text-xs text-muted-foreground">and {summary.notPreviewed} more.</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
