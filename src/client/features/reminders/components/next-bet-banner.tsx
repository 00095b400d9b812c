import { CalendarClock, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useNextBet } from '@/features/rotation/api/get-next-bet';
import { useSettings } from '@/features/settings/api/get-settings';
import { useSyndicateFormat } from '@/lib/format';
import { shareMessage } from '../share-message';

/** '{member} is scheduled to place the next bet on {date}.' with a Send Reminder button (spec §2). */
export function NextBetBanner() {
  const nextBet = useNextBet();
  const settings = useSettings();
  const fmt = useSyndicateFormat();
  const member = nextBet.data?.member;
  const date = nextBet.data?.date;
  if (!member || !date) return null;

  const day = fmt.date(date, 'MMMM d, yyyy');
  const send = () =>
    shareMessage(
      'Next bet reminder',
      `Hi ${member.name}, you're up to place the next bet for ${settings.data?.syndicateName ?? 'the syndicate'} on ${day}.`,
    );

  return (
    <section
      aria-label="Next bet"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center"
    >
      <CalendarClock aria-hidden="true" className="hidden size-6 shrink-0 text-amber-700 sm:block" />
      <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]" data-testid="next-bet-banner">
        <span className="font-semibold">{member.name}</span> is scheduled to place the next bet on{' '}
        <span className="font-semibold">{day}</span>.
      </p>
      <Button variant="outline" size="sm" onClick={send} className="self-start sm:self-auto">
        <Send aria-hidden="true" />
        Send Reminder
      </Button>
    </section>
  );
}
