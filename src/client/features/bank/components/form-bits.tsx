import type { BankMember } from '@shared/bank';
import type { SelectOption } from '@/components/ui/select';

/** The members a bank dialog can pick: everyone the bank lists, former members marked. */
export function memberOptions(members: readonly BankMember[]): SelectOption[] {
  return members.map((m) => ({ value: String(m.memberId), label: m.active ? m.name : `${m.name} (former)` }));
}

/** The server's refusal (e.g. a payout over the balance), read out when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-[#fee2e2] px-3 py-2 text-sm text-[#991b1b]"
    >
      {message}
    </p>
  );
}
