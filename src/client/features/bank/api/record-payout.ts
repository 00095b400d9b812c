import type { BankEntry, MoneyMovementInput } from '@shared/bank';
import { type BankWrite, postBank, useBankWrite } from './bank-write';

/**
 * POST /api/bank/payouts {memberId, amount, date, note?} → 201 the entry; more than the member's
 * balance or the available cash → 409 with a message saying which and by how much.
 */
export const recordPayout = (write: BankWrite<MoneyMovementInput>) =>
  postBank<BankEntry, MoneyMovementInput>('/api/bank/payouts', write);

export const useRecordPayout = () => useBankWrite(recordPayout);
