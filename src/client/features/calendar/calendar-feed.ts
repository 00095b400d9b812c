// The Subscribe dialog's words: the feed's webcal:// form and how each calendar app adds it.

/** The same address as webcal:// (calendar apps open it as a subscription); null if it is not http(s). */
export function webcalUrl(url: string): string | null {
  const m = /^https?:\/\/(.+)$/i.exec(url);
  return m ? `webcal://${m[1]}` : null;
}

export interface CalendarAppHelp {
  app: string;
  steps: string;
}

/** One line per app: where its "subscribe by address" lives. */
export const CALENDAR_APPS: readonly CalendarAppHelp[] = [
  { app: 'Google Calendar', steps: 'Other calendars → + → From URL, paste the address.' },
  {
    app: 'Apple Calendar',
    steps:
      'File → New Calendar Subscription…, paste the address. On iPhone: Settings → Calendar → Accounts → Add Subscribed Calendar.',
  },
  { app: 'Outlook', steps: 'Add calendar → Subscribe from web, paste the address.' },
];
