import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { InlineAlert } from '@/components/ui/inline-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { copyWithToast } from '@/lib/clipboard';
import { useSyndicateFormat } from '@/lib/format';
import { useDialogState } from '@/lib/use-dialog-state';
import { useCalendarFeed, useRegenerateFeed, useStopFeed } from '../api/calendar-feed';
import { CALENDAR_APPS, webcalUrl } from '../calendar-feed';

const URL_ID = 'calendar-feed-url';

/**
 * Subscribe: the member's personal iCalendar address (races and open reminders), made on the first
 * open of the session, with Copy, Regenerate (the old address stops working), Stop sharing, and
 * where Google, Apple and Outlook take it.
 */
export function SubscribeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const f = useSyndicateFormat();
  const feed = useCalendarFeed(open);
  const regenerate = useRegenerateFeed();
  const stop = useStopFeed();
  const confirmRegenerate = useDialogState();
  const confirmStop = useDialogState();
  const url = feed.data?.url ?? null;
  const since = feed.data?.since ?? null;
  const webcal = url ? webcalUrl(url) : null;
  const busy = regenerate.isPending || stop.isPending;

  const copy = async () => {
    if (!url) return;
    await copyWithToast(
      url,
      { title: 'Address copied', description: 'Paste it into your calendar app.' },
      'the address',
    );
  };

  const makeNew = async (after: 'regenerate' | 'restart') => {
    try {
      await regenerate.mutateAsync();
      toast(
        after === 'regenerate'
          ? { title: 'New address created', description: 'The old address no longer works.' }
          : { title: 'Address created' },
      );
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to create a new address. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const stopSharing = async () => {
    try {
      await stop.mutateAsync();
      toast({ title: 'Sharing stopped', description: 'The address no longer works.' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to stop sharing. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Subscribe to the calendar</DialogTitle>
          <DialogDescription>
            The syndicate's races and open reminders in your calendar app, kept up to date. The address is
            personal: anyone who has it can see the races and bets.
          </DialogDescription>
        </DialogHeader>

        {feed.isPending ? (
          <Spinner label="Creating your address..." className="p-4" />
        ) : feed.isError ? (
          <div className="grid gap-3">
            <InlineAlert>Could not create your calendar address.</InlineAlert>
            <Button variant="outline" className="justify-self-start" onClick={() => void feed.refetch()}>
              Try again
            </Button>
          </div>
        ) : url === null && since !== null ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              You made your calendar address on {f.date(since, 'MMM d, yyyy')}. It is shown only when it is
              made, so copy it from the calendar app you added it to, or make a new one: the old one then
              stops working.
            </p>
            <Button className="justify-self-start" onClick={confirmRegenerate.show} disabled={busy}>
              <RefreshCw aria-hidden="true" />
              Make a new address
            </Button>
          </div>
        ) : url === null ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              Sharing is off: your earlier address no longer works.
            </p>
            <Button className="justify-self-start" onClick={() => makeNew('restart')} disabled={busy}>
              <CalendarPlus aria-hidden="true" />
              Create a new address
            </Button>
          </div>
        ) : (
          <>
            <div className="grid gap-2">
              <Label htmlFor={URL_ID}>Calendar address</Label>
              <Input
                id={URL_ID}
                readOnly
                value={url}
                onFocus={(e) => e.currentTarget.select()}
                className="font-mono text-xs md:text-xs"
              />
              <div className="flex flex-wrap gap-2">
                <Button onClick={copy} className="flex-1 sm:flex-none">
                  <Copy aria-hidden="true" />
                  Copy
                </Button>
                <Button
                  variant="outline"
                  onClick={confirmRegenerate.show}
                  disabled={busy}
                  className="flex-1 sm:flex-none"
                >
                  <RefreshCw aria-hidden="true" />
                  Regenerate
                </Button>
                {webcal ? (
                  <a
                    href={webcal}
                    className="inline-flex h-10 items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline sm:ml-auto"
                  >
                    <CalendarPlus aria-hidden="true" className="size-4" />
                    Open in calendar app
                  </a>
                ) : null}
              </div>
            </div>
            <section aria-labelledby="calendar-apps-title" className="grid gap-2">
              <h3 id="calendar-apps-title" className="text-sm font-semibold">
                Add it to your calendar
              </h3>
              <ul className="grid gap-2 text-sm">
                {CALENDAR_APPS.map((a) => (
                  <li key={a.app}>
                    <span className="font-medium">{a.app}:</span>{' '}
                    <span className="text-muted-foreground">{a.steps}</span>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">
                Calendar apps refresh subscriptions on their own schedule (Google's every few hours).
              </p>
            </section>
          </>
        )}

        <DialogFooter className="sm:justify-between">
          {url || since ? (
            <Button variant="ghost" onClick={confirmStop.show} disabled={busy}>
              <span className="text-destructive">Stop sharing</span>
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
        <ConfirmDialog
          open={confirmRegenerate.open}
          onOpenChange={confirmRegenerate.onOpenChange}
          title="Regenerate the address?"
          description="The current address stops working at once: calendars subscribed to it stop updating until you add the new one."
          confirmLabel="Regenerate"
          pending={regenerate.isPending}
          onConfirm={() => void makeNew('regenerate')}
        />
        <ConfirmDialog
          open={confirmStop.open}
          onOpenChange={confirmStop.onOpenChange}
          title="Stop sharing the calendar?"
          description="The address stops working at once and calendars subscribed to it stop updating. You can create a new one later."
          confirmLabel="Stop sharing"
          pending={stop.isPending}
          onConfirm={() => void stopSharing()}
        />
      </DialogContent>
    </Dialog>
  );
}
