import type { BankEntry, MoneyMovementInput } from '@shared/bank';
import { type BankWrite, postBank, useBankWrite } from './bank-write';

/** POST /api/bank/contributions {memberId, amount, date, note?} → 201 the entry. */
export const recordContribution = (write: BankWrite<MoneyMovementInput>) =>
  postBank<BankEntry, MoneyMovementInput>('/api/bank/contributions', write);

export const useRecordContribution = () => useBankWrite(recordContribution);
