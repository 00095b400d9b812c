// The events of bets: added, changed, settled (or set back to pending), deleted, imported. Each
// builder returns the event the bet services record in their own transaction (record.ts).
import type { AuditChanges } from '../../../shared/audit';
import { fromCents, fromHundredths } from '../../../shared/money';
import type { NewEvent } from './record';
import { changesBetween } from './record';
import {
  asMoney,
  asOdds,
  asText,
  changeList,
  type FieldLabel,
  joinAll,
  money,
  odds,
  type Sentence,
  say,
} from './sentence';

type BetType = 'win' | 'place' | 'each-way';
type Status = 'pending' | 'win' | 'loss' | 'placed' | 'void';

/** A bet as its events name it: "Winx", or "Winx (place)" for a part other than a win. */
export const betName = (horseName: string, betType: BetType) =>
  betType === 'win' ? horseName : `${horseName} (${betType})`;

/** "$10.00 win at 5.00", "$10.00 each-way at 8.00 (tote)". */
const stake = (p: { amountCents: number; betType: BetType; oddsHundredths: number; oddsType: string }) =>
  say`${money(p.amountCents)} ${p.betType} at ${odds(p.oddsHundredths)}${p.oddsType === 'tote' ? ' (tote)' : ''}`;

export function betCreated(input: {
  firstBetId: number;
  horseName: string;
  /** The member it was placed for, when not the actor's own. */
  forMember: string | null;
  oddsType: string;
  parts: { amountCents: number; betType: BetType; oddsHundredths: number }[];
}): NewEvent {
  const forWhom = input.forMember === null ? '' : ` for ${input.forMember}`;
  const what = input.parts.length > 1 ? 'a two-part bet' : 'a bet';
  const stakes = joinAll(input.parts.map((p) => stake({ ...p, oddsType: input.oddsType })));
  return {
    action: 'bet.created',
    entityType: 'bet',
    entityId: input.firstBetId,
    summary: say`added ${what}${forWhom} on ${input.horseName}: ${stakes}`,
  };
}

/** A bet's editable fields and result as the API shows them (major units). */
export interface BetView {
  horseName: string;
  betType: BetType;
  odds: number;
  amount: number;
  oddsType: string;
  placeTerms: { places: number; divisor: number } | null;
  placeOdds: number | null;
  horseNumber: number | null;
  jockey: string | null;
  trainer: string | null;
  weight: string | null;
  barrier: number | null;
  silkColor: string | null;
  status: Status;
  result: number | null;
}

const BET_FIELDS: Record<string, FieldLabel> = {
  horseName: { label: 'horse', show: asText },
  betType: { label: 'type', show: asText },
  odds: { label: 'odds', show: asOdds },
  amount: { label: 'stake', show: asMoney },
  oddsType: { label: 'odds type', show: asText },
  placeTerms: {
    label: 'place terms',
    show: (v) => {
      const t = v as { places: number; divisor: number };
      return `${t.places} places at 1/${t.divisor}`;
    },
  },
  placeOdds: { label: 'place odds', show: asOdds },
  horseNumber: { label: 'horse number', show: asText },
  jockey: { label: 'jockey', show: asText },
  trainer: { label: 'trainer', show: asText },
  weight: { label: 'weight', show: asText },
  barrier: { label: 'barrier', show: asText },
  silkColor: { label: 'silk colour', show: asText },
  status: { label: 'status', show: asText },
  result: { label: 'result', show: asMoney },
};

/** An edit, or null when it changed nothing (then nothing is recorded). */
export function betUpdated(betId: number, before: BetView, after: BetView): NewEvent | null {
  const changes = changesBetween({ ...before }, { ...after });
  if (Object.keys(changes).length === 0) return null;
  return {
    action: 'bet.updated',
    entityType: 'bet',
    entityId: betId,
    summary: say`changed ${betName(before.horseName, before.betType)}'s bet: ${changeList(changes, BET_FIELDS)}`,
    changes,
  };
}

/** "won $40.00", "lost $10.00", "placed, won $5.00", "void, stake returned". */
function outcome(status: Exclude<Status, 'pending'>, resultCents: number): Sentence {
  switch (status) {
    case 'win':
      return say`won ${money(resultCents)}`;
    case 'loss':
      return say`lost ${money(-resultCents)}`;
    case 'placed':
      return resultCents >= 0
        ? say`placed, won ${money(resultCents)}`
        : say`placed, lost ${money(-resultCents)}`;
    case 'void':
      return say`void, stake returned`;
  }
}

/** How a bet ran, in hundredths for dividends (settlement-service.ts's stored fields). */
export interface SettlementView {
  status: Status;
  resultCents: number | null;
  position: number | null;
  deadHeat: number | null;
  dividendHundredths: number | null;
  placeDividendHundredths: number | null;
  rule4: number | null;
}

const settlementShown = (s: SettlementView) => ({
  status: s.status,
  result: s.resultCents === null ? null : fromCents(s.resultCents),
  position: s.position,
  deadHeat: s.deadHeat,
  dividend: s.dividendHundredths === null ? null : fromHundredths(s.dividendHundredths),
  placeDividend: s.placeDividendHundredths === null ? null : fromHundredths(s.placeDividendHundredths),
  rule4: s.rule4,
});

/**
 * A settlement written (mark buttons, the Settle dialog, race results, the provider's results):
 * bet.settled, or bet.unsettled when set back to pending. "settled Winx: won $40.00", "settled
 * Winx: lost $10.00 (was won $40.00)", "set Winx back to pending (was won $40.00)".
 */
export function betSettled(
  bet: { id: number; horseName: string; betType: BetType },
  before: SettlementView,
  after: SettlementView,
): NewEvent {
  const changes: AuditChanges = changesBetween(settlementShown(before), settlementShown(after));
  const name = betName(bet.horseName, bet.betType);
  const was =
    before.status === 'pending' ? say`` : say` (was ${outcome(before.status, before.resultCents ?? 0)})`;
  if (after.status === 'pending') {
    return {
      action: 'bet.unsettled',
      entityType: 'bet',
      entityId: bet.id,
      summary: say`set ${name} back to pending${was}`,
      changes,
    };
  }
  return {
    action: 'bet.settled',
    entityType: 'bet',
    entityId: bet.id,
    summary: say`settled ${name}: ${outcome(after.status, after.resultCents ?? 0)}${was}`,
    changes,
  };
}

export function betDeleted(bet: {
  id: number;
  horseName: string;
  betType: BetType;
  amountCents: number;
  oddsHundredths: number;
  oddsType: string;
}): NewEvent {
  return {
    action: 'bet.deleted',
    entityType: 'bet',
    entityId: bet.id,
    summary: say`deleted the bet on ${bet.horseName}: ${stake(bet)}`,
  };
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * A CSV import: one event for the whole file (one write, all or nothing), the races it added
 * included. "imported 42 bets (12 settled) and 3 new races from a CSV file".
 */
export function betsImported(bets: number, settled: number, races: number): NewEvent {
  const newRaces = races === 0 ? '' : ` and ${count(races, 'new race')}`;
  return {
    action: 'bet.imported',
    entityType: 'bet',
    entityId: null,
    summary: say`imported ${count(bets, 'bet')} (${settled} settled)${newRaces} from a CSV file`,
  };
}
