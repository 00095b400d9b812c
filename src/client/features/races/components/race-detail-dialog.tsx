import type { Bet } from '@shared/bet';
import type { RaceDetail } from '@shared/race';
import type { Runner } from '@shared/race-result';
import { Flag, Pencil } from 'lucide-react';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useRaceBets } from '@/features/bets/api/get-bets';
import { formatOdds, StatusBadge } from '@/features/bets/components/bet-cells';
import { betTypeLabel } from '@/features/bets/lib/bet-form';
import { useRace } from '@/features/races/api/get-race';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { useIsAdmin } from '@/lib/use-role';
import { describeTerms, raceTerms } from '../lib/race-terms';
import { EnterResultDialog } from './enter-result-dialog';
import { RaceResultView } from './race-result-view';

/**
 * A race's detail, opened from the bets table and the calendar: when and where, its facts, the
 * result (admins enter or correct it), the field when known, and the syndicate's bets on it.
 */
export function RaceDetailDialog({
  raceId,
  open,
  onOpenChange,
}: {
  raceId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const race = useRace(open ? raceId : null);
  const data = race.data && race.data.id === raceId ? race.data : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {data ? (
          <RaceDetailBody race={data} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Race</DialogTitle>
              <DialogDescription>
                {race.isError ? 'The race could not be loaded.' : 'Loading the race...'}
              </DialogDescription>
            </DialogHeader>
            {race.isError ? (
              <EmptyState title="Failed to load the race." description="Please try again later." />
            ) : (
              <Spinner label="Loading..." />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function RaceDetailBody({ race }: { race: RaceDetail }) {
  const f = useSyndicateFormat();
  const isAdmin = useIsAdmin();
  // This race's bets only (GET /api/bets?raceId=), not every bet of the syndicate.
  const bets = useRaceBets(race.id);
  const [entering, setEntering] = useState(false);
  const enterButton = useRef<HTMLButtonElement>(null);
  const raceBets = useMemo(() => (bets.data ?? []).filter((b) => b.raceId === race.id), [bets.data, race.id]);
  const terms = raceTerms(race);

  const facts = [
    { label: 'Race', value: race.raceNumber === null ? null : `Race ${race.raceNumber}` },
    { label: 'Meeting', value: race.meetingNumber === null ? null : `Meeting ${race.meetingNumber}` },
    { label: 'Distance', value: race.distance },
    { label: 'Type', value: race.raceType },
    { label: 'Going', value: race.trackCondition },
    { label: 'Default each-way terms', value: describeTerms(terms) },
    ...Object.entries(race.customFields ?? {}).map(([label, value]) => ({ label, value })),
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact.value));

  const onEnterChange = (next: boolean) => {
    setEntering(next);
    // Back to the button that opened the form (Radix would look for a trigger of its own).
    if (!next) setTimeout(() => enterButton.current?.focus(), 0);
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{race.name}</DialogTitle>
        <DialogDescription>
          {race.venue} · {f.date(race.date, 'EEEE, MMMM d, yyyy h:mm a')}
        </DialogDescription>
      </DialogHeader>
      {race.description ? <p className="text-sm">{race.description}</p> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Race facts">
        {facts.map((fact) => (
          <div key={fact.label} className="grid content-start gap-0.5">
            <dt className="text-xs text-muted-foreground">{fact.label}</dt>
            <dd className="text-sm font-medium break-words">{fact.value}</dd>
          </div>
        ))}
      </dl>

      <Section
        title="Result"
        action={
          isAdmin ? (
            <Button
              ref={enterButton}
              size="sm"
              variant={race.result ? 'outline' : 'default'}
              // The preview needs the race's bets.
              disabled={bets.isPending}
              onClick={() => setEntering(true)}
            >
              {race.result ? <Pencil aria-hidden="true" /> : <Flag aria-hidden="true" />}
              {race.result ? 'Correct result' : 'Enter result'}
            </Button>
          ) : null
        }
      >
        {race.result ? (
          <RaceResultView result={race.result} defaultPlaces={terms.places} />
        ) : (
          <p className="text-sm text-muted-foreground">No result yet.</p>
        )}
      </Section>

      {race.runners && race.runners.length > 0 ? (
        <Section title={`Runners (${race.runners.length})`}>
          <RunnerList runners={race.runners} />
        </Section>
      ) : null}

      <Section title={`Bets on this race (${raceBets.length})`}>
        {bets.isPending ? (
          <Spinner label="Loading bets..." />
        ) : raceBets.length === 0 ? (
          <p className="text-sm text-muted-foreground">No bets on this race.</p>
        ) : (
          <RaceBetList bets={raceBets} />
        )}
      </Section>

      {/* Mounted while open, so each opening starts from the race's result as it is now. */}
      {isAdmin && entering ? (
        <EnterResultDialog race={race} bets={raceBets} open onOpenChange={onEnterChange} />
      ) : null}
    </>
  );
}

function RunnerList({ runners }: { runners: readonly Runner[] }) {
  return (
    <ol className="grid gap-1.5" aria-label="Runners">
      {runners.map((r) => {
        const details = [
          r.jockey ? `J: ${r.jockey}` : null,
          r.trainer ? `T: ${r.trainer}` : null,
          r.weight,
          r.draw === null ? null : `Barrier ${r.draw}`,
        ].filter(Boolean);
        return (
          <li
            key={`${r.number ?? ''}-${r.horse}`}
            className="flex items-start gap-3 rounded-md border border-border px-2 py-1.5"
          >
            <span className="inline-flex h-6 min-w-7 shrink-0 items-center justify-center rounded bg-muted px-1 text-xs font-bold tabular-nums">
              {r.number ?? '–'}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words">{r.horse}</span>
              {details.length > 0 ? (
                <span className="block text-xs text-muted-foreground break-words">{details.join(' · ')}</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function RaceBetList({ bets }: { bets: readonly Bet[] }) {
  const f = useSyndicateFormat();
  return (
    <ul className="grid gap-1.5" aria-label="Bets on this race">
      {bets.map((bet) => (
        <li
          key={bet.id}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border border-border px-2 py-1.5"
          data-testid="race-bet"
        >
          <div className="min-w-0">
            <p className="font-medium break-words">
              {bet.horseNumber === null ? '' : `${bet.horseNumber} · `}
              {bet.horseName}
            </p>
            <p className="text-xs text-muted-foreground">
              {betTypeLabel(bet.betType)}
              {bet.oddsType === 'tote' ? ' (tote)' : ''} · {f.money(bet.amount)} at {formatOdds(bet.odds)} ·{' '}
              {bet.member.name}
            </p>
          </div>
          <div className="flex items-center gap-2">
            {bet.result !== null ? (
              <span
                className={cn(
                  'text-sm font-medium tabular-nums',
                  bet.result > 0 ? 'text-[#15803d]' : bet.result < 0 ? 'text-destructive' : undefined,
                )}
              >
                {f.money(bet.result, { signed: true })}
              </span>
            ) : null}
            <StatusBadge status={bet.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
