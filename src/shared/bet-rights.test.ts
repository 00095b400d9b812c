// The bet rules by scenario (DESIGN "Roles"): who may place, settle, edit and delete a bet.
import { describe, expect, it } from 'vitest';
import { type BetActor, betRefusal, betRights, canPlaceFor } from './bet-rights';

const admin: BetActor = { memberId: 1, role: 'admin' };
const member: BetActor = { memberId: 2, role: 'member' };
const all = { settle: true, edit: true, delete: true };
const none = { settle: false, edit: false, delete: false };

describe('bet rights', () => {
  it('an admin places bets under anyone; a member only under their own member', () => {
    expect([canPlaceFor(admin, 1), canPlaceFor(admin, 2), canPlaceFor(admin, 3)]).toEqual([true, true, true]);
    expect([canPlaceFor(member, 2), canPlaceFor(member, 1), canPlaceFor(member, 3)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('a member settles, edits and deletes their own pending bet', () => {
    expect(betRights(member, { memberId: 2, status: 'pending' })).toEqual(all);
    expect(betRefusal(member, { memberId: 2, status: 'pending' })).toBeNull();
  });

  it('a member cannot touch their own settled bet: settled money is changed by admins only', () => {
    for (const status of ['win', 'loss']) {
      expect(betRights(member, { memberId: 2, status })).toEqual(none);
      expect(betRefusal(member, { memberId: 2, status })).toBe('settled');
    }
  });

  it('a member cannot touch another member’s bet, pending or settled', () => {
    for (const status of ['pending', 'win']) {
      expect(betRights(member, { memberId: 1, status })).toEqual(none);
      expect(betRefusal(member, { memberId: 1, status })).toBe('not-yours');
    }
  });

  it('an admin changes any bet; only a pending one can be settled', () => {
    expect(betRights(admin, { memberId: 2, status: 'pending' })).toEqual(all);
    expect(betRights(admin, { memberId: 2, status: 'loss' })).toEqual({ ...all, settle: false });
    expect(betRefusal(admin, { memberId: 2, status: 'win' })).toBeNull();
  });
});
