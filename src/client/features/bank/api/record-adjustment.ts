import type { AdjustmentInput, BankEntry } from '@shared/bank';
import { type BankWrite, postBank, useBankWrite } from './bank-write';

/** POST /api/bank/adjustments {amount, note, memberId?, date?} → 201 {entries} (no member: split by share basis). */
export const recordAdjustment = (write: BankWrite<AdjustmentInput>) =>
  postBank<{ entries: BankEntry[] }, AdjustmentInput>('/api/bank/adjustments', write);

export const useRecordAdjustment = () => useBankWrite(recordAdjustment);
