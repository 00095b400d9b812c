// The events of the bank's money writes (contributions, payouts, adjustments, reversals and
// distributions). A settled bet's allocation lines are part of its settlement (bet.settled), so
// they have no events of their own.
import type { BankEntryType } from '../../../shared/bank';
import type { NewEvent } from './record';
import { excerpt, money, type Sentence, say } from './sentence';

const noted = (note: string | null | undefined): Sentence => (note ? say` (${excerpt(note)})` : say``);
const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);

interface Movement {
  id: number;
  /** The amount paid in or out (positive). */
  amountCents: number;
  note: string | null;
}

export const contributionRecorded = (e: Movement, member: string): NewEvent => ({
  action: 'bank.contribution',
  entityType: 'bank_entry',
  entityId: e.id,
  summary: say`recorded a contribution of ${money(e.amountCents)} from ${member}${noted(e.note)}`,
});

export const payoutRecorded = (e: Movement, member: string): NewEvent => ({
  action: 'bank.payout',
  entityType: 'bank_entry',
  entityId: e.id,
  summary: say`paid out ${money(e.amountCents)} to ${member}${noted(e.note)}`,
});

/** One member's adjustment, or one split among members (then the first entry is named). */
export function adjustmentRecorded(
  firstEntryId: number,
  amountCents: number,
  note: string,
  to: { member: string } | { members: number },
): NewEvent {
  return {
    action: 'bank.adjustment',
    entityType: 'bank_entry',
    entityId: firstEntryId,
    summary:
      'member' in to
        ? say`adjusted ${to.member}'s balance by ${money(amountCents)}${noted(note)}`
        : say`shared an adjustment of ${money(amountCents)} among ${members(to.members)}${noted(note)}`,
  };
}

const KIND: Record<
  Exclude<BankEntryType, 'allocation' | 'reversal'>,
  (cents: number, m: string) => Sentence
> = {
  contribution: (c, m) => say`a contribution of ${money(c)} from ${m}`,
  payout: (c, m) => say`a payout of ${money(-c)} to ${m}`,
  adjustment: (c, m) => say`an adjustment of ${money(c)} to ${m}'s balance`,
};

/** A reversal names the entry it undoes (entityId) and says why. */
export function entryReversed(
  original: { id: number; type: BankEntryType; amountCents: number },
  member: string,
  reason: string,
): NewEvent {
  const phrase = original.type in KIND ? KIND[original.type as keyof typeof KIND] : null;
  const what = phrase ? phrase(original.amountCents, member) : say`entry ${original.id}`;
  return {
    action: 'bank.reversal',
    entityType: 'bank_entry',
    entityId: original.id,
    summary: say`reversed ${what}${noted(reason)}`,
  };
}

export const distributionRecorded = (firstEntryId: number, totalCents: number, payees: number): NewEvent => ({
  action: 'bank.distribution',
  entityType: 'bank_entry',
  entityId: firstEntryId,
  summary: say`distributed ${money(totalCents)} among ${members(payees)}`,
});
