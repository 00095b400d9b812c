import type { BankEntry, ReverseInput } from '@shared/bank';
import { type BankWrite, postBank, useBankWrite } from './bank-write';

/** POST /api/bank/entries/{id}/reverse {reason} → 201 the reversing entry (409 for allocations, reversals, twice). */
export const reverseEntry = ({ entryId, ...write }: BankWrite<ReverseInput> & { entryId: number }) =>
  postBank<BankEntry, ReverseInput>(`/api/bank/entries/${entryId}/reverse`, write);

export const useReverseEntry = () => useBankWrite(reverseEntry);
