// Item 14. Member-row takeover attempts on the real server (issue 13): registering a pre-created
// admin's e-mail in any case and joining by code; reusing a used claim link; an expired link;
// guessed tokens; a claim link for another syndicate's member; six people claiming one link at
// once; a removed member rejoining with the code. An attempt succeeds if it gains a member row it
// was not meant to have (or a role), or more than one person ends up holding one claimed row.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database } from '../src/server/db/client';
import { figure } from './support/figures';
import { buildIsCurrent, HttpClient, type Server, startServer, waitHealthy } from './support/server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-takeover-'));
let server: Server;
let database: Database;

beforeAll(async () => {
  // TRUST_PROXY: each person below signs up from their own client address (X-Forwarded-For),
  // as real people would, so the per-IP registration throttle does not stand in for the rules.
  server = await startServer({
    from: buildIsCurrent() ? 'build' : 'source',
    env: { DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir, TRUST_PROXY: 'true' },
  });
  await waitHealthy(server);
  database = connect(inject('databaseUrl'), { max: 2 });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PASSWORD = 'Takeover-attempt-2031!';
let people = 0;

interface Res {
  status: number;
  text: string;
  json<T>(): T;
}

/** One person with a browser: their own cookie, client address, and our Origin on writes. */
class Person extends HttpClient {
  readonly ip: string;
  constructor(readonly email: string) {
    const ip = `203.0.113.${++people}`;
    super(server.origin, { 'x-forwarded-for': ip });
    this.ip = ip;
  }

  async me(): Promise<{ id: number; role: string } | null> {
    const res = await this.get('/api/members/me');
    return res.status === 200 ? res.json<{ id: number; role: string }>() : null;
  }
}

async function must(p: Promise<Res>, status: number): Promise<Res> {
  const res = await p;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res;
}

const tag = () => randomBytes(4).toString('hex');

async function register(email: string, name = 'Some Person'): Promise<Person> {
  const p = new Person(email);
  await must(p.post('/api/auth/register', { name, email, password: PASSWORD }), 201);
  return p;
}

async function adminWithSyndicate(name: string) {
  const admin = await register(`admin-${tag()}@example.test`, name);
  const syndicate = (await must(admin.post('/api/syndicates', { name: `${name} Club` }), 201)).json<{
    id: number;
    inviteCode: string;
  }>();
  return { admin, syndicate };
}

async function precreate(admin: Person, email: string, role: 'admin' | 'member') {
  return (await must(admin.post('/api/members', { name: 'Pre Created', email, role }), 201)).json<{
    id: number;
  }>().id;
}

async function claimToken(admin: Person, memberId: number): Promise<string> {
  const link = (await must(admin.post(`/api/members/${memberId}/claim-link`), 201)).json<{ url: string }>();
  return new URL(link.url).searchParams.get('token') ?? '';
}

describe('member-row takeover', () => {
  it('no attempt gains a member row or a role it was not given', async () => {
    const tally = new Map<string, { attempts: number; succeeded: number }>();
    const record = (kind: string, attempts: number, succeeded: number) => {
      const t = tally.get(kind) ?? { attempts: 0, succeeded: 0 };
      tally.set(kind, { attempts: t.attempts + attempts, succeeded: t.succeeded + succeeded });
    };

    const A = await adminWithSyndicate('Alpha');
    const adminA = (await A.admin.me())?.id ?? 0;

    // 1. Register a pre-created admin's e-mail (same, upper, mixed case) and join by code.
    const variants = [
      (e: string) => e,
      (e: string) => e.toUpperCase(),
      (e: string) => e.replace(/^./, (c) => c.toUpperCase()),
    ];
    for (const variant of variants) {
      const email = `coadmin-${tag()}@example.test`;
      const target = await precreate(A.admin, email, 'admin');
      const attacker = await register(variant(email), 'Mallory');
      await must(attacker.post('/api/syndicates/join', { inviteCode: A.syndicate.inviteCode }), 200);
      const me = await attacker.me();
      const removedAdmin = (await attacker.delete(`/api/members/${adminA}`)).status === 204;
      record('e-mail takeover by code', 1, me?.id === target || me?.role === 'admin' || removedAdmin ? 1 : 0);
    }

    // 2. Reuse of a used claim link.
    const paper = await precreate(A.admin, `paper-${tag()}@example.test`, 'admin');
    const token = await claimToken(A.admin, paper);
    const rightful = await register(`rightful-${tag()}@example.test`, 'Rightful Owner');
    await must(rightful.post('/api/members/claim', { token }), 200);
    const thief = await register(`thief-${tag()}@example.test`, 'Thief');
    const reuse = await thief.post('/api/members/claim', { token });
    record('reuse of a used claim link', 1, reuse.status < 300 ? 1 : 0);

    // 3. An expired claim link (its expiry moved into the past in the database).
    const later = await precreate(A.admin, `later-${tag()}@example.test`, 'member');
    const expired = await claimToken(A.admin, later);
    const hash = createHash('sha256').update(expired).digest('hex');
    await database.db.execute(
      sql`update member_claims set expires_at = now() - interval '1 minute' where token_hash = ${hash}`,
    );
    record(
      'expired claim link',
      1,
      (await thief.post('/api/members/claim', { token: expired })).status < 300 ? 1 : 0,
    );

    // 4. Guessed tokens (256-bit, so any success would be a flaw in the lookup).
    let guessed = 0;
    for (let i = 0; i < 20; i++) {
      const res = await thief.post('/api/members/claim', { token: randomBytes(32).toString('base64url') });
      if (res.status < 300) guessed++;
    }
    record('guessed claim tokens', 20, guessed);

    // 5. A claim link for another syndicate's member (A's admin asks for B's pre-created member).
    const B = await adminWithSyndicate('Bravo');
    const bMember = await precreate(B.admin, `bravo-${tag()}@example.test`, 'admin');
    const cross = await A.admin.post(`/api/members/${bMember}/claim-link`);
    record("claim link for another syndicate's member", 1, cross.status < 300 ? 1 : 0);

    // 6. Six people claim one link at the same moment: one may win, the rest must not.
    const racers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => register(`racer-${i}-${tag()}@example.test`, `Racer ${i}`)),
    );
    const raceToken = await claimToken(B.admin, bMember);
    const results = await Promise.all(racers.map((r) => r.post('/api/members/claim', { token: raceToken })));
    const winners = results.filter((r) => r.status === 200).length;
    const holders = (await Promise.all(racers.map((r) => r.me()))).filter((m) => m?.id === bMember).length;
    record('parallel claims of one link', racers.length, Math.max(0, winners - 1) + Math.max(0, holders - 1));

    // 7. A removed member rejoins with the unchanged code.
    const removed = await register(`removed-${tag()}@example.test`, 'Removed Member');
    await must(removed.post('/api/syndicates/join', { inviteCode: A.syndicate.inviteCode }), 200);
    const removedId = (await removed.me())?.id ?? 0;
    await must(A.admin.delete(`/api/members/${removedId}`), 204);
    const rejoin = await removed.post('/api/syndicates/join', { inviteCode: A.syndicate.inviteCode });
    record('rejoin after removal', 1, rejoin.status < 300 || (await removed.me()) !== null ? 1 : 0);

    // The real admins are still admins; B's row went to exactly one racer.
    expect((await A.admin.me())?.role).toBe('admin');
    expect((await B.admin.me())?.role).toBe('admin');

    const attempts = [...tally.values()].reduce((n, t) => n + t.attempts, 0);
    const succeeded = [...tally.values()].reduce((n, t) => n + t.succeeded, 0);
    for (const [kind, t] of tally)
      figure(14, `${kind}: attempts (succeeded)`, `${t.attempts} (${t.succeeded})`, t.succeeded === 0);
    figure(14, 'Takeover attempts', attempts);
    figure(14, 'Takeover attempts that succeeded', succeeded, succeeded === 0);
    expect(winners).toBe(1);
    expect(rejoin.status).toBe(403);
    expect(succeeded).toBe(0);
  });
});
