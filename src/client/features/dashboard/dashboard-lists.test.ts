import type { Bet } from '@shared/bet';
import type { Reminder } from '@shared/reminder';
import { describe, expect, it } from 'vitest';
import { recentSettledBets } from './components/recent-bets';
import { activeRemindersByDue } from './components/reminders-panel';

const bet = (id: number, status: Bet['status'], date: string) => ({ id, status, date }) as Bet;
const reminder = (id: number, completed: boolean, date: string) => ({ id, completed, date }) as Reminder;

describe('recentSettledBets', () => {
  it('keeps the five newest settled bets, newest first', () => {
    const bets = [
      bet(1, 'win', '2025-01-01T00:00:00Z'),
      bet(2, 'pending', '2025-01-09T00:00:00Z'),
      bet(3, 'loss', '2025-01-03T00:00:00Z'),
      bet(4, 'win', '2025-01-04T00:00:00Z'),
      bet(5, 'loss', '2025-01-05T00:00:00Z'),
      bet(6, 'win', '2025-01-06T00:00:00Z'),
      bet(7, 'win', '2025-01-06T00:00:00Z'),
    ];
    expect(recentSettledBets(bets).map((b) => b.id)).toEqual([7, 6, 5, 4, 3]);
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
