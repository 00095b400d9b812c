import { HandCoins, Send } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { useBank } from '@/features/bank/api/get-bank';
import { PLACEHOLDER_SYNDICATE_NAME, useSettings } from '@/features/settings/api/get-settings';
import { useSyndicateFormat } from '@/lib/format';
import { duesMessage, membersOwing } from '../dues-message';
import { shareMessage } from '../share-message';

/**
 * Shown when anyone owes dues (issue 14): who owes and how much in all, with Chase dues, which
 * shares a ready-made message listing names and amounts (native share, else copied), like Send Reminder.
 */
export function ChaseDues() {
  const bank = useBank();
  const settings = useSettings();
  const fmt = useSyndicateFormat();
  const owing = useMemo(() => membersOwing(bank.data?.members ?? []), [bank.data]);
  if (owing.length === 0) return null;

  const total = owing.reduce((sum, m) => sum + Math.round(m.duesOwed * 100), 0) / 100;
  const chase = () =>
    shareMessage(
      'Dues reminder',
      duesMessage(owing, settings.data?.syndicateName ?? PLACEHOLDER_SYNDICATE_NAME, (a) => fmt.money(a)),
    );

  return (
    <section
      aria-label="Dues owed"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center"
    >
      <HandCoins aria-hidden="true" className="hidden size-6 shrink-0 text-amber-700 sm:block" />
      <p className="flex-1 text-sm" data-testid="dues-summary">
        {owing.length === 1 ? (
          <>
            <span className="font-semibold">{owing[0]!.name}</span> owes{' '}
            <span className="font-semibold">{fmt.money(total)}</span> in dues.
          </>
        ) : (
          <>
            <span className="font-semibold">{owing.length} members</span> owe{' '}
            <span className="font-semibold">{fmt.money(total)}</span> in dues.
          </>
        )}
      </p>
      <Button variant="outline" size="sm" onClick={chase} className="self-start sm:self-auto">
        <Send aria-hidden="true" />
        Chase dues
      </Button>
    </section>
  );
}
