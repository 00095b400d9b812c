import { useEffect, useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';

/** Spec §2/§9: local only; email and push on, reminders 3 days ahead by default. */
interface NotificationPrefs {
  email: boolean;
  push: boolean;
  reminderDays: string;
}
const DEFAULT_PREFS: NotificationPrefs = { email: true, push: true, reminderDays: '3' };
export const REMINDER_DAY_OPTIONS = ['1', '2', '3', '5', '7'] as const;
const STORAGE_KEY = 'racing-syndicate:notification-preferences';

function loadPrefs(): NotificationPrefs {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return DEFAULT_PREFS;
    const parsed = JSON.parse(raw) as Partial<NotificationPrefs>;
    return {
      email: typeof parsed.email === 'boolean' ? parsed.email : DEFAULT_PREFS.email,
      push: typeof parsed.push === 'boolean' ? parsed.push : DEFAULT_PREFS.push,
      reminderDays: REMINDER_DAY_OPTIONS.includes(
        parsed.reminderDays as (typeof REMINDER_DAY_OPTIONS)[number],
      )
        ? (parsed.reminderDays as string)
        : DEFAULT_PREFS.reminderDays,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

/** The Notifications tab: preferences kept in this browser only. */
export function NotificationSettings() {
  const [prefs, setPrefs] = useState<NotificationPrefs>(loadPrefs);
  const emailId = useId();
  const pushId = useId();

  useEffect(() => {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(prefs));
    } catch {
      // Storage full or blocked (private mode): the choice lasts for this visit only.
    }
  }, [prefs]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>Saved on this device only.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={emailId}>Email Notifications</Label>
            <p className="mt-1 text-sm text-muted-foreground">Bet results and reminders by email.</p>
          </div>
          <Switch
            id={emailId}
            checked={prefs.email}
            onCheckedChange={(email) => setPrefs((p) => ({ ...p, email }))}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={pushId}>Push Notifications</Label>
            <p className="mt-1 text-sm text-muted-foreground">Alerts in this browser.</p>
          </div>
          <Switch
            id={pushId}
            checked={prefs.push}
            onCheckedChange={(push) => setPrefs((p) => ({ ...p, push }))}
          />
        </div>
        <SelectField
          label="Remind me before a bet"
          className="max-w-xs grid-cols-1"
          options={REMINDER_DAY_OPTIONS.map((d) => ({ value: d, label: d === '1' ? '1 day' : `${d} days` }))}
          value={prefs.reminderDays}
          onValueChange={(reminderDays) => setPrefs((p) => ({ ...p, reminderDays }))}
        />
      </CardContent>
    </Card>
  );
}
