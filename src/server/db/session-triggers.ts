// Reads reuse a session resolved moments ago (auth/sessions.ts). What a resolved session holds
// comes from three tables: sessions (its user and active syndicate), users (name, e-mail) and
// members (the membership: syndicate, role, active, archived). These statement triggers NOTIFY
// every instance on INVALIDATE_CHANNEL whenever a statement may have changed one of those, in the
// writer's transaction: PostgreSQL delivers it when the write commits (never for a rolled-back
// one), once per transaction, whoever wrote (a route, a background job, SQL by hand). Each
// instance then forgets its reused sessions (auth/invalidation.ts). A write that touches none of
// them (a bet, a race, a payment) announces nothing and leaves every reused session in place.
//
// drizzle-kit does not generate triggers, so runMigrations (db/client.ts) installs these after the
// migrations, under their advisory lock (CREATE OR REPLACE: idempotent).
import type pg from 'pg';
import { EVENTS_CHANNEL, INVALIDATE_CHANNEL } from './notifier';

const SQL = `
create or replace function sessions_may_have_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('${INVALIDATE_CHANNEL}', 'db');
  return null;
end $$;

create or replace trigger members_invalidate_sessions
  after insert or update or delete or truncate on members
  for each statement execute function sessions_may_have_changed();

create or replace trigger users_invalidate_sessions
  after update of name, email or delete or truncate on users
  for each statement execute function sessions_may_have_changed();

create or replace trigger sessions_invalidate_sessions
  after update of user_id, active_syndicate_id or delete or truncate on sessions
  for each statement execute function sessions_may_have_changed();

-- Each ended session, on the event bus (realtime/bus.ts 'session-ended'): its sockets close on
-- every instance, whether a sign-out, an expiry, a user deleted or SQL by hand deleted it.
create or replace function session_ended() returns trigger language plpgsql as $$
begin
  perform pg_notify('${EVENTS_CHANNEL}',
    json_build_object('type', 'session-ended', 'sessionHash', old.id_hash)::text);
  return null;
end $$;

create or replace trigger sessions_announce_ended
  after delete on sessions
  for each row execute function session_ended();
`;

export async function installSessionTriggers(client: pg.ClientBase): Promise<void> {
  await client.query(SQL);
}
