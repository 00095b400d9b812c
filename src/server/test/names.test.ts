// Every human name and free-text field refuses control, zero-width and bidi characters with a
// 400 naming the field, and changes nothing; names are trimmed. A name like "Bob\u202Eevil"
// displays reversed and "Al\u200Bice" passes for "Alice" in every list of the syndicate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../shared/member';
import { Client, createTestApp, signUp, signUpWithSyndicate, type TestApp, uniqueEmail } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-01-10T00:00:00.000Z');
});
afterAll(async () => t.close());

type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

/** One of each kind refused everywhere (C0, DEL, C1, zero-width, bidi override, isolate, BOM). */
const HOSTILE = ['\u0007', '\u007F', '\u0085', '\u200B', '\u200F', '\u202E', '\u2066', '\uFEFF'];
/** Refused in one-line names, kept in text areas. */
const LINE_BREAKS = ['\n', '\r\n', '\t'];

interface Field {
  label: string;
  /** Sends the body with `value` in the field; answers the response. */
  send(c: Ctx, value: string): Promise<{ statusCode: number; json<T>(): T }>;
  /** Reads back what is stored, to check nothing changed. */
  read(c: Ctx): Promise<string>;
  path: string;
  multiline?: boolean;
}

interface Ctx {
  admin: Client;
  me: Member;
  raceId: number;
  planId: number;
}

const race = { name: 'Cup', venue: 'Flemington', date: '2030-11-05' };
const plan = { name: 'Gold', price: 10, duration: 1 };
const settings = {
  syndicateName: 'Club',
  defaultBetAmount: 100,
  currency: 'aud',
  rotationStrategy: 'sequential',
};

const FIELDS: Field[] = [
  {
    label: 'Name',
    path: 'name',
    send: (c, v) => c.admin.put(`/api/members/${c.me.id}`, { name: `Al${v}ice` }),
    read: async (c) => (await c.admin.get('/api/members/me')).body,
  },
  {
    label: 'Name',
    path: 'name',
    send: (c, v) => c.admin.post('/api/members', { name: `Bo${v}b`, email: uniqueEmail(), role: 'member' }),
    read: async (c) => (await c.admin.get('/api/members')).body,
  },
  {
    label: 'Initials',
    path: 'initials',
    send: (c, v) => c.admin.put(`/api/members/${c.me.id}`, { initials: `A${v}B` }),
    read: async (c) => (await c.admin.get('/api/members/me')).body,
  },
  {
    label: 'Syndicate name',
    path: 'syndicateName',
    send: (c, v) => c.admin.put('/api/settings', { ...settings, syndicateName: `Cl${v}ub` }),
    read: async (c) => (await c.admin.get('/api/settings')).body,
  },
  {
    label: 'Syndicate name',
    path: 'name',
    send: (c, v) => c.admin.post('/api/syndicates', { name: `Cl${v}ub` }),
    read: async (c) => (await c.admin.get('/api/syndicates')).body,
  },
  {
    label: 'Description',
    path: 'description',
    multiline: true,
    send: (c, v) => c.admin.post('/api/syndicates', { name: 'Described', description: `We${v}bet` }),
    read: async (c) => (await c.admin.get('/api/syndicates')).body,
  },
  {
    label: 'Name',
    path: 'name',
    send: (c, v) => c.admin.put(`/api/subscriptions/${c.planId}`, { ...plan, name: `Go${v}ld` }),
    read: async (c) => (await c.admin.get('/api/subscriptions')).body,
  },
  {
    label: 'Description',
    path: 'description',
    multiline: true,
    send: (c, v) => c.admin.post('/api/subscriptions', { ...plan, description: `Be${v}st` }),
    read: async (c) => (await c.admin.get('/api/subscriptions')).body,
  },
  {
    label: 'Features',
    path: 'features.0',
    send: (c, v) => c.admin.post('/api/subscriptions', { ...plan, features: [`Ti${v}ps`] }),
    read: async (c) => (await c.admin.get('/api/subscriptions')).body,
  },
  {
    label: 'Race name',
    path: 'name',
    send: (c, v) => c.admin.post('/api/races', { ...race, name: `Cu${v}p` }),
    read: async (c) => (await c.admin.get('/api/races')).body,
  },
  {
    label: 'Venue',
    path: 'venue',
    send: (c, v) => c.admin.put(`/api/races/${c.raceId}`, { ...race, venue: `Flem${v}ington` }),
    read: async (c) => (await c.admin.get('/api/races')).body,
  },
  {
    label: 'Description',
    path: 'description',
    multiline: true,
    send: (c, v) => c.admin.post('/api/races', { ...race, description: `Gr${v}oup 1` }),
    read: async (c) => (await c.admin.get('/api/races')).body,
  },
  {
    label: 'Horse name',
    path: 'horseName',
    send: (c, v) =>
      c.admin.post('/api/bets', { memberId: c.me.id, horseName: `Wi${v}nx`, odds: 2, amount: 10 }),
    read: async (c) => (await c.admin.get('/api/bets')).body,
  },
  {
    label: 'Jockey',
    path: 'jockey',
    send: (c, v) =>
      c.admin.post('/api/bets', {
        memberId: c.me.id,
        horseName: 'Winx',
        jockey: `Bow${v}man`,
        odds: 2,
        amount: 10,
      }),
    read: async (c) => (await c.admin.get('/api/bets')).body,
  },
  {
    label: 'Trainer',
    path: 'trainer',
    send: (c, v) =>
      c.admin.post('/api/bets', {
        memberId: c.me.id,
        horseName: 'Winx',
        trainer: `Wal${v}ler`,
        odds: 2,
        amount: 10,
      }),
    read: async (c) => (await c.admin.get('/api/bets')).body,
  },
  {
    label: 'Reminder text',
    path: 'text',
    send: (c, v) => c.admin.post('/api/reminders', { text: `Pay${v} dues`, date: '2030-01-01' }),
    read: async (c) => (await c.admin.get('/api/reminders')).body,
  },
];

async function context(): Promise<Ctx> {
  const { client: admin } = await signUpWithSyndicate(t.app);
  const me = (await admin.get('/api/members/me')).json<Member>();
  const raceId = (await admin.post('/api/races', race)).json<{ id: number }>().id;
  const planId = (await admin.post('/api/subscriptions', plan)).json<{ id: number }>().id;
  return { admin, me, raceId, planId };
}

describe('names and free text refuse control, zero-width and bidi characters', () => {
  it.each(FIELDS.map((f) => [`${f.label} (${f.path})`, f] as const))('%s', async (_name, field) => {
    const c = await context();
    const refused = field.multiline ? HOSTILE : [...HOSTILE, ...LINE_BREAKS];
    const before = await field.read(c);
    for (const char of refused) {
      const res = await field.send(c, char);
      const label = `${field.label} with U+${char.codePointAt(0)?.toString(16).toUpperCase()}`;
      expect(res.statusCode, label).toBe(400);
      const message = `${field.label} contains characters that are not allowed`;
      expect(res.json<ErrorBody>().errors, label).toContainEqual({ path: field.path, message });
    }
    expect(await field.read(c)).toBe(before);
    if (field.multiline) {
      for (const br of LINE_BREAKS)
        expect((await field.send(c, br)).statusCode, JSON.stringify(br)).toBe(201);
    }
  });

  it('a new account’s name is checked too, and names are trimmed', async () => {
    const anon = new Client(t.app);
    const res = await anon.post('/api/auth/register', {
      name: 'Eve\u202Elive',
      email: uniqueEmail(),
      password: 'correct horse battery',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe('Name contains characters that are not allowed');
    const c = await context();
    const trimmed = await c.admin.post('/api/races', {
      ...race,
      name: '  Cox Plate  ',
      venue: ' Moonee Valley ',
    });
    expect(trimmed.json()).toMatchObject({ name: 'Cox Plate', venue: 'Moonee Valley' });
    const user = await signUp(t.app, '  Zoë Ängström 王  ');
    expect((await user.get('/api/auth/user')).json()).toMatchObject({ name: 'Zoë Ängström 王' });
  });
});
