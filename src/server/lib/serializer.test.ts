import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Bet, betSchema } from '../../shared/bet';
import { createTestApp, type TestApp } from '../test/harness';
import { schemaSerializerCompiler, zodSerializedRoutes } from './serializer';

const compile = (schema: z.ZodType) =>
  schemaSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const bet: Bet = {
  id: 7,
  memberId: 3,
  raceId: null,
  betGroupId: '2b1c7a52-5f5e-4a0e-9d55-8f1c1d6c8a10',
  horseName: 'Quote "Me" \\ Ünïcode 🐎',
  betType: 'each-way',
  odds: 3.25,
  amount: 10.05,
  oddsType: 'tote',
  status: 'win',
  result: -0.61,
  date: '2030-03-22T05:00:00.000Z',
  horseNumber: null,
  jockey: null,
  trainer: 'T. Trainer',
  weight: null,
  barrier: 4,
  silkColor: null,
  race: null,
  member: { id: 3, name: 'Mia Member', initials: 'MM' },
  placeTerms: { places: 3, divisor: 4 },
  placeOdds: null,
  position: 1,
  deadHeat: 2,
  dividend: 4.7,
  placeDividend: null,
  rule4: 15,
};

describe('schemaSerializerCompiler', () => {
  it('writes what zod parse + JSON.stringify wrote', () => {
    const list = z.array(betSchema);
    const data = [bet, { ...bet, id: 8, race: { id: 1, name: 'Cup', venue: 'Ascot', date: bet.date } }];
    expect(compile(list)(data)).toBe(JSON.stringify(list.parse(data)));
  });

  it('writes only the declared fields: an undeclared one never leaves the server', () => {
    const leaky = { ...bet, passwordHash: 'scrypt$secret', member: { ...bet.member, email: 'x@y.z' } };
    const out = JSON.parse(compile(betSchema)(leaky));
    expect(out).not.toHaveProperty('passwordHash');
    expect(out.member).toEqual({ id: 3, name: 'Mia Member', initials: 'MM' });
  });

  it('writes nothing for a 204, whatever its schema, and never needs the zod fallback', () => {
    for (const schema of [z.null(), z.undefined(), z.object({ message: z.string() })]) {
      const write = schemaSerializerCompiler({
        schema,
        method: 'DELETE',
        url: '/test/:id',
        httpStatus: '204',
      });
      expect(write(null)).toBe('');
    }
    expect([...zodSerializedRoutes]).toEqual([]);
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date() });
    try {
      const out = compile(dated)({ at: new Date('2030-01-01T00:00:00.000Z') });
      expect(JSON.parse(out)).toEqual({ at: '2030-01-01T00:00:00.000Z' });
      expect([...zodSerializedRoutes]).toEqual(['GET /test 200']);
    } finally {
      zodSerializedRoutes.clear();
    }
  });
});

describe('every route of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('has a compiled serializer for every response schema (fastify compiles them at start)', () => {
    expect(t.app.routeList.length).toBeGreaterThan(40);
    expect([...zodSerializedRoutes]).toEqual([]);
  });
});
