import { BellRing } from 'lucide-react';
import { shareMessage } from '@/features/reminders/share-message';
import { useNextBet } from '@/features/rotation/api/get-next-bet';
import { useSettings } from '@/features/settings/api/get-settings';
import { useSyndicateFormat } from '@/lib/format';

/**
 * 'Next Bet Reminder': '{member} is up for the next bet on {date}', shown only when the next bet
 * has both. 'Send reminder' shares a ready-made message, else copies it (DESIGN departure).
 */
export function NextBetReminder() {
  const f = useSyndicateFormat();
  const nextBet = useNextBet();
  const settings = useSettings();
  const member = nextBet.data?.member;
  const date = nextBet.data?.date;
  if (!member || !date) return null;

  const day = f.date(date, 'MMMM d, yyyy');
  const send = () =>
    shareMessage(
      'Next bet reminder',
      `Hi ${member.name}, you're up to place the next bet for ${settings.data?.syndicateName ?? 'the syndicate'} on ${day}.`,
    );

  return (
    <div
      className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
      data-testid="next-bet-reminder"
    >
      <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="grid min-w-0 gap-1">
        <p className="text-sm font-semibold">Next Bet Reminder</p>
        <p className="text-sm [overflow-wrap:anywhere]">
          {member.name} is up for the next bet on {day}
        </p>
        <button
          type="button"
          onClick={send}
          className="justify-self-start text-sm font-medium text-amber-900 underline underline-offset-2 hover:text-amber-950"
        >
          Send reminder
        </button>
      </div>
    </div>
  );
}
