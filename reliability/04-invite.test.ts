// Item 4. Guessing invite codes: after the limit of failed joins every further attempt answers
// 429, even with a valid code, and nobody joins; parallel guesses cannot slip past the limit;
// K users joining in parallel with one valid code each join exactly once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_EMAIL_IP } from '../src/server/auth/throttle';
import { members } from '../src/server/db/schema';
import { JOIN_FAILURE_LIMIT } from '../src/server/features/syndicates/service';
import { Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../src/server/test/harness';
import { figure } from './support/figures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const wrong = (i: number) => `WRNG${String(i).padStart(4, '0')}`.replace(/[01]/g, '2');

describe('invite brute force', () => {
  it('refuses every attempt beyond the limit with 429 (sequential and parallel), and no one joins', async () => {
    const { syndicate } = await signUpWithSyndicate(t.app);
    const rowsBefore = await t.database.db
      .select()
      .from(members)
      .where(eq(members.syndicateId, syndicate.id));

    // Sequential: the limit, then 20 more (half with the valid code).
    const guesser = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < JOIN_FAILURE_LIMIT + 20; i++) {
      const code = i >= JOIN_FAILURE_LIMIT && i % 2 === 0 ? syndicate.inviteCode : wrong(i);
      statuses.push((await guesser.post('/api/syndicates/join', { inviteCode: code })).statusCode);
    }
    const sequentialBeyond = statuses.slice(JOIN_FAILURE_LIMIT);

    // Parallel: 60 guesses at once from a fresh user.
    const burst = await signUp(t.app);
    const parallel = await Promise.all(
      Array.from({ length: 60 }, (_, i) => burst.post('/api/syndicates/join', { inviteCode: wrong(i) })),
    );
    const parallel404 = parallel.filter((r) => r.statusCode === 404).length;
    const parallel429 = parallel.filter((r) => r.statusCode === 429).length;
    const afterBurst = await burst.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });

    const rowsAfter = await t.database.db.select().from(members).where(eq(members.syndicateId, syndicate.id));
    const beyond = sequentialBeyond.length;
    const beyond429 = sequentialBeyond.filter((s) => s === 429).length;
    figure(4, 'failed joins allowed per user per 15 min', JOIN_FAILURE_LIMIT);
    figure(
      4,
      'sequential attempts beyond the limit → 429',
      `${beyond429} of ${beyond}`,
      beyond429 === beyond,
    );
    figure(
      4,
      '60 parallel guesses: answered 404 (counted) / 429',
      `${parallel404} / ${parallel429}`,
      parallel404 <= JOIN_FAILURE_LIMIT,
    );
    figure(
      4,
      'joins by the guessers',
      rowsAfter.length - rowsBefore.length,
      rowsAfter.length === rowsBefore.length,
    );
    expect(statuses.slice(0, JOIN_FAILURE_LIMIT).every((s) => s === 404)).toBe(true);
    expect(sequentialBeyond.every((s) => s === 429)).toBe(true);
    expect(parallel404).toBeLessThanOrEqual(JOIN_FAILURE_LIMIT);
    expect(parallel404 + parallel429).toBe(60);
    expect(afterBurst.statusCode).toBe(429);
    expect(rowsAfter).toHaveLength(rowsBefore.length);
  });

  it('limits sign-in guesses per e-mail address and client IP (10 per 15 minutes), not for everyone at once', async () => {
    const victim = await signUp(t.app);
    const guesser = new Client(t.app); // one browser, one address
    const guesses = [];
    for (let i = 0; i < 25; i++) {
      guesses.push(
        (
          await guesser.post('/api/auth/login', {
            email: victim.email,
            password: `guess-${i}-wrong`,
          })
        ).statusCode,
      );
    }
    // Other addresses, one wrong guess each, after the victim's address is locked.
    const others = [];
    for (let i = 0; i < 25; i++) {
      others.push(
        (
          await new Client(t.app).post('/api/auth/login', {
            email: `other-${i}@example.test`,
            password: 'nope-nope',
          })
        ).statusCode,
      );
    }
    const stranger = await signUp(t.app);
    const strangerIn = await new Client(t.app).post('/api/auth/login', {
      email: stranger.email,
      password: 'correct horse battery',
    });
    const locked = guesses.filter((s) => s === 429).length;
    figure(
      4,
      `sign-in guesses at one address from one IP: 401 / 429 (limit ${LOGIN_FAILURES_PER_EMAIL_IP} per 15 min)`,
      `${guesses.filter((s) => s === 401).length} / ${locked}`,
      locked === 25 - LOGIN_FAILURES_PER_EMAIL_IP,
    );
    figure(
      4,
      'other addresses refused 429 meanwhile',
      `${others.filter((s) => s === 429).length} of ${others.length}; a stranger signs in: ${strangerIn.statusCode}`,
      others.every((s) => s === 401) && strangerIn.statusCode === 200,
    );
    expect(guesses.slice(0, LOGIN_FAILURES_PER_EMAIL_IP).every((s) => s === 401)).toBe(true);
    expect(locked).toBe(25 - LOGIN_FAILURES_PER_EMAIL_IP);
    expect(others.every((s) => s === 401)).toBe(true);
    expect(strangerIn.statusCode).toBe(200);
  });

  it('K users × 3 parallel joins with one valid code: each user joins exactly once', async () => {
    const K = 25;
    const { syndicate } = await signUpWithSyndicate(t.app);
    const users = await Promise.all(Array.from({ length: K }, (_, i) => signUp(t.app, `Parallel ${i}`)));
    const results = await Promise.all(
      users.flatMap((u) =>
        [1, 2, 3].map(() => u.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })),
      ),
    );
    const rows = await t.database.db.select().from(members).where(eq(members.syndicateId, syndicate.id));
    const perUser = new Map<number, number>();
    for (const r of rows) if (r.userId !== null) perUser.set(r.userId, (perUser.get(r.userId) ?? 0) + 1);
    const joinedOnce = users.filter((u) => perUser.get(u.userId) === 1).length;
    const ok = results.filter((r) => r.statusCode === 200).length;
    figure(
      4,
      `parallel joins (${K} users × 3)`,
      `${ok} of ${results.length} answered 200`,
      ok === results.length,
    );
    figure(4, 'users with exactly one member row', `${joinedOnce} of ${K}`, joinedOnce === K);
    expect(ok).toBe(results.length);
    expect(joinedOnce).toBe(K);
    expect(rows).toHaveLength(K + 1);
  });
});
