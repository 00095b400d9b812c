import { describe, expect, it } from 'vitest';
import { auditParams } from './get-audit';

describe('auditParams', () => {
  it('sends only the filters that are set, with the page size and cursor', () => {
    expect(auditParams({}, 30).toString()).toBe('limit=30');
    expect(
      auditParams(
        {
          action: 'bet.updated',
          entityType: 'bet',
          entityId: 12,
          actorMemberId: 7,
          from: '2026-01-01',
          to: '2026-01-31',
        },
        30,
        '991',
      ).toString(),
    ).toBe(
      'limit=30&action=bet.updated&entityType=bet&entityId=12&actorMemberId=7&from=2026-01-01&to=2026-01-31&cursor=991',
    );
    expect(auditParams({ action: undefined, from: undefined }, 10, null).toString()).toBe('limit=10');
  });
});
