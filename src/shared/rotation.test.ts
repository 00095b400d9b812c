import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RotationInput, type RotationMember, rotate, stableHash } from './rotation';

const member = (id: number): RotationMember => ({ id, name: `Member ${id}`, initials: `M${id}` });
const race = (id: number, date: string) => ({ id, name: `Race ${id}`, venue: 'Flemington', date });
const ann = member(1);
const bob = member(4);
const cat = member(7);
const races = [
  race(10, '2025-07-01T03:00:00.000Z'),
  race(11, '2025-07-02T03:00:00.000Z'),
  race(12, '2025-07-03T03:00:00.000Z'),
  race(13, '2025-07-04T03:00:00.000Z'),
];
const base: RotationInput = {
  strategy: 'sequential',
  syndicateId: 1,
  members: [ann, bob, cat],
  races,
  lastBetMemberId: null,
  manualMemberId: null,
};
const ids = (input: RotationInput) => rotate(input).map((i) => i.member.id);

describe('rotation: sequential', () => {
  it('starts with the first member to join when nobody has bet', () => {
    expect(ids(base)).toEqual([1, 4, 7, 1]);
  });

  it('starts after the member of the most recent bet, wrapping round', () => {
    expect(ids({ ...base, lastBetMemberId: 1 })).toEqual([4, 7, 1, 4]);
    expect(ids({ ...base, lastBetMemberId: 7 })).toEqual([1, 4, 7, 1]);
  });

  it('starts with whoever joined next when the last bettor has left or is inactive', () => {
    expect(ids({ ...base, lastBetMemberId: 5 })).toEqual([7, 1, 4, 7]);
    expect(ids({ ...base, lastBetMemberId: 99 })).toEqual([1, 4, 7, 1]);
  });

  it('pairs each race with one member, keeping race order', () => {
    expect(rotate(base).map((i) => i.race.id)).toEqual([10, 11, 12, 13]);
  });

  it('gives nothing without members or races', () => {
    expect(rotate({ ...base, members: [] })).toEqual([]);
    expect(rotate({ ...base, races: [] })).toEqual([]);
  });

  it('property: consecutive races go to consecutive members in join order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 12 }),
        fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
        (memberIds, last) => {
          const members = [...memberIds].sort((a, b) => a - b).map(member);
          const order = ids({ ...base, members, lastBetMemberId: last });
          const positions = order.map((id) => members.findIndex((m) => m.id === id));
          for (let i = 1; i < positions.length; i++) {
            expect(positions[i]).toBe(((positions[i - 1] ?? 0) + 1) % members.length);
          }
          // The last bettor goes after everyone else: not first, unless they are the only member.
          if (last !== null && members.length > 1 && members.some((m) => m.id === last)) {
            expect(order[0]).not.toBe(last);
          }
        },
      ),
    );
  });
});

describe('rotation: random', () => {
  const random: RotationInput = { ...base, strategy: 'random' };

  it('is the same for every caller and call', () => {
    expect(ids(random)).toEqual(ids({ ...random, members: [...random.members] }));
    expect(ids(random)).toEqual(ids(random));
  });

  it('is seeded by syndicate and race date, not by the last bet or the race id', () => {
    expect(ids({ ...random, lastBetMemberId: 4 })).toEqual(ids(random));
    const renumbered = races.map((r, i) => ({ ...r, id: 100 + i }));
    expect(ids({ ...random, races: renumbered })).toEqual(ids(random));
    const pick = (syndicateId: number, date: string) =>
      [ann, bob, cat][stableHash(`${syndicateId}:${date}`) % 3]?.id;
    expect(ids(random)).toEqual(races.map((r) => pick(1, r.date)));
    expect(ids({ ...random, syndicateId: 2 })).toEqual(races.map((r) => pick(2, r.date)));
  });

  it('spreads picks over the members', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      race(i, new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString()),
    );
    const counts = new Map<number, number>();
    for (const id of ids({ ...random, races: many })) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const m of [ann, bob, cat]) expect(counts.get(m.id) ?? 0).toBeGreaterThan(60);
  });

  it('uses a stable FNV-1a hash', () => {
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
    expect(stableHash('foobar')).toBe(0xbf9cf968);
  });
});

describe('rotation: manual', () => {
  const manual: RotationInput = { ...base, strategy: 'manual', lastBetMemberId: 1 };

  it('gives every race to the picked member', () => {
    expect(ids({ ...manual, manualMemberId: 7 })).toEqual([7, 7, 7, 7]);
  });

  it('falls back to sequential with no pick, or a pick no longer active', () => {
    expect(ids(manual)).toEqual([4, 7, 1, 4]);
    expect(ids({ ...manual, manualMemberId: 99 })).toEqual([4, 7, 1, 4]);
  });

  it('ignores the pick under the other strategies', () => {
    expect(ids({ ...manual, strategy: 'sequential', manualMemberId: 7 })).toEqual([4, 7, 1, 4]);
  });
});
