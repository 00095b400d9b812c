import type { Member } from '@shared/member';
import type { MemberSubscription } from '@shared/subscription';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyndicateFormatProvider } from '@/lib/format';
import { MemberCard } from './member-card';

const member: Member = {
  id: 7,
  name: 'Mia Tan',
  email: 'mia.tan@example.test',
  initials: 'MT',
  role: 'member',
  isActive: true,
  linked: true,
};

const season = (startDate: string, endDate: string): MemberSubscription => ({
  id: 1,
  memberId: member.id,
  subscriptionId: 3,
  startDate,
  endDate,
  status: 'active',
  plan: { id: 3, name: 'Season', price: 120, duration: 12 },
});

const noop = () => {};

/** The card's text, tags dropped (React's text separators too), in the syndicate's zone. */
function cardText(subscription: MemberSubscription | undefined, timeZone = 'UTC') {
  const html = renderToStaticMarkup(
    <SyndicateFormatProvider currency="usd" timeZone={timeZone}>
      <MemberCard
        member={member}
        subscription={subscription}
        subscriptionPending={false}
        performance={undefined}
        bank={{ balance: 0, duesOwed: 0 }}
        isAdmin={false}
        onEdit={noop}
        onManageSubscription={noop}
        onDelete={noop}
        onCopyInviteLink={noop}
        onStatement={noop}
      />
    </SyndicateFormatProvider>,
  );
  const subscriptionPart = html.slice(html.indexOf('Subscription</dt>'), html.indexOf('Bank balance'));
  return subscriptionPart
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('MemberCard subscription', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-15T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a current plan as Active with its expiry', () => {
    expect(cardText(season('2025-01-01', '2026-01-01'))).toBe(
      'Subscription Season Active Expires Jan 1, 2026',
    );
  });

  it('counts the start day as current, and the end day as ended', () => {
    expect(cardText(season('2025-03-15', '2026-03-15'))).toContain('Active Expires Mar 15, 2026');
    expect(cardText(season('2024-03-15', '2025-03-15'))).toBe(
      'Subscription Season Expired Ended Mar 15, 2025',
    );
  });

  it('shows a plan whose end date has passed as Expired, not Active', () => {
    const text = cardText(season('2020-01-01', '2021-01-01'));
    expect(text).toBe('Subscription Season Expired Ended Jan 1, 2021');
    expect(text).not.toContain('Active');
  });

  it('shows a plan that starts later as Upcoming with its start date', () => {
    const text = cardText(season('2099-06-01', '2100-06-01'));
    expect(text).toBe('Subscription Season Upcoming Starts Jun 1, 2099');
    expect(text).not.toContain('Active');
  });

  it('reads today in the syndicate’s time zone', () => {
    // 10:00 UTC on 15 March is already the 16th in Auckland (+13), still the 15th in UTC.
    vi.setSystemTime(new Date('2025-03-15T11:30:00.000Z'));
    expect(cardText(season('2025-03-16', '2025-04-16'))).toContain('Upcoming');
    expect(cardText(season('2025-03-16', '2025-04-16'), 'Pacific/Auckland')).toContain('Active');
  });

  it('says so when there is none', () => {
    expect(cardText(undefined)).toBe('Subscription No active subscription');
  });
});
