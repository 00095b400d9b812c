import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { usePreferences, useUpdatePreferences } from '../api/preferences';

/**
 * Live updates (issue 17): every screen refreshes itself when someone in the syndicate writes;
 * others' settlements and payments also show a toast, which this switch mutes. Saved on the
 * user's account (GET/PUT /api/me/preferences), so it holds on every device and in every syndicate.
 */
export function LiveSettings() {
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const muteId = useId();
  const hintId = useId();
  const muted = update.isPending
    ? (update.variables?.muteLiveToasts ?? false)
    : (prefs.data?.muteLiveToasts ?? false);

  const onChange = (muteLiveToasts: boolean) =>
    update.mutate(
      { muteLiveToasts },
      {
        onError: () =>
          toast({ title: 'Error', description: 'Failed to save. Please try again.', variant: 'destructive' }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Live Updates</CardTitle>
        <CardDescription>
          Every screen updates itself when someone in the syndicate makes a change. Saved on your account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={muteId}>Mute others' settlements and payments</Label>
            <p id={hintId} className="mt-1 text-sm text-muted-foreground">
              No pop-up when another member settles a bet or records a payment.
            </p>
          </div>
          <Switch
            id={muteId}
            aria-describedby={hintId}
            checked={muted}
            disabled={!prefs.data}
            onCheckedChange={onChange}
          />
        </div>
      </CardContent>
    </Card>
  );
}
