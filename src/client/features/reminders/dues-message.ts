import type { BankMember } from '@shared/bank';

/** Who owes dues, as the bank lists them (bank order: earliest-joined first). */
export const membersOwing = (members: readonly BankMember[]) => members.filter((m) => m.duesOwed > 0);

/**
 * The ready-made Chase dues message: one line per member who owes ("- Name: $50.00"), then the
 * total. `money` formats an amount in dollars with the syndicate's currency.
 */
export function duesMessage(
  owing: readonly Pick<BankMember, 'name' | 'duesOwed'>[],
  syndicateName: string,
  money: (amount: number) => string,
): string {
  // Sum in cents so the total is exact (amounts arrive in dollars with two decimals).
  const totalCents = owing.reduce((sum, m) => sum + Math.round(m.duesOwed * 100), 0);
  return [
    `Dues owed to ${syndicateName}:`,
    ...owing.map((m) => `- ${m.name}: ${money(m.duesOwed)}`),
    `Total: ${money(totalCents / 100)}. Please pay into the syndicate bank. Thank you!`,
  ].join('\n');
}
