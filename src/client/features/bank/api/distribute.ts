import type { BankEntry, DistributionInput, DistributionPreview } from '@shared/bank';
import { type BankWrite, postBank, useBankWrite } from './bank-write';

/**
 * POST /api/bank/distributions {amount?, memberIds?, date?, dryRun?}: a dry run answers 200 the
 * preview and writes nothing; otherwise 201 the preview plus one payout entry per member.
 */
export const distribute = (write: BankWrite<DistributionInput>) =>
  postBank<DistributionPreview & { entries?: BankEntry[] }, DistributionInput>(
    '/api/bank/distributions',
    write,
  );

/** The dry run: nothing to refresh. */
export const usePreviewDistribution = () => useBankWrite(distribute, { refresh: false });
export const useDistribute = () => useBankWrite(distribute);
