// Shared by the audit tests: reading the log back through the API, and counting a syndicate's
// events in the database.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AuditEvent, AuditPage } from '../../../shared/audit';
import type { Database } from '../../db/client';
import type { Client } from '../../test/harness';

export type Res = { statusCode: number; body: string; json<T = unknown>(): T };

export function ok<T>(res: Res, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body === '' ? undefined : res.json<T>()) as T;
}

/** The syndicate's events newest first, through the admin's audit log (every page). */
export async function auditLog(admin: Client, query = ''): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditPage = ok(
      await admin.get(`/api/audit?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`),
    );
    events.push(...page.events);
    cursor = page.nextCursor;
  } while (cursor);
  return events;
}

/** The events a step recorded: those after `sinceId`, oldest first. */
export async function eventsAfter(admin: Client, sinceId: number): Promise<AuditEvent[]> {
  const page: AuditPage = ok(await admin.get('/api/audit?limit=100'));
  return page.events.filter((e) => e.id > sinceId).reverse();
}

export const latestId = async (admin: Client) =>
  ok<AuditPage>(await admin.get('/api/audit?limit=1')).events[0]?.id ?? 0;

/** Runs `write` and returns the one event it recorded (failing unless exactly one). */
export async function oneEvent(admin: Client, write: () => Promise<unknown>): Promise<AuditEvent> {
  const since = await latestId(admin);
  await write();
  const events = await eventsAfter(admin, since);
  expect(
    events.map((e) => e.action),
    'exactly one event',
  ).toHaveLength(1);
  return events[0]!;
}

export async function eventCount(database: Database, syndicateId: number): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_events where syndicate_id = ${syndicateId}`,
  );
  return rows[0]!.n;
}

export const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
