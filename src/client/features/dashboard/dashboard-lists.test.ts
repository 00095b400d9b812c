import type { Reminder } from '@shared/reminder';
import { describe, expect, it } from 'vitest';
import { RECENT_BETS_URL } from './components/recent-bets';
import { activeRemindersByDue } from './components/reminders-panel';

const reminder = (id: number, completed: boolean, date: string) => ({ id, completed, date }) as Reminder;

describe('Recent Bets', () => {
  it('asks the server for the five newest bets of every status but pending', () => {
    const url = new URL(RECENT_BETS_URL, 'http://x');
    expect(url.pathname).toBe('/api/bets');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.get('status')?.split(',').sort()).toEqual(['loss', 'placed', 'void', 'win']);
  });
});

describe('activeRemindersByDue', () => {
  it('keeps at most three incomplete reminders, earliest due first', () => {
    const list = [
      reminder(1, false, '2025-02-04T00:00:00Z'),
      reminder(2, true, '2025-01-01T00:00:00Z'),
      reminder(3, false, '2025-02-01T00:00:00Z'),
      reminder(4, false, '2025-02-03T00:00:00Z'),
      reminder(5, false, '2025-02-02T00:00:00Z'),
    ];
    expect(activeRemindersByDue(list).map((r) => r.id)).toEqual([3, 5, 4]);
  });
});
