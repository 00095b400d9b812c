ALTER TABLE "users" ADD COLUMN "mute_live_toasts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Live updates (issue 17, src/server/realtime/bus.ts): every audit event, i.e. every write (each
-- records one in its own transaction), NOTIFYs the app's event channel 'rs_events'
-- (db/notifier.ts EVENTS_CHANNEL). PostgreSQL delivers a NOTIFY only when its transaction commits,
-- to every listening instance, so a rolled-back write announces nothing. The payload carries no
-- private field: the syndicate, the action, the row's id, the actor's member id, the feed's
-- sentence (which every member may read) cut to 500 characters, and whether a member was deactivated.
CREATE FUNCTION audit_events_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rs_events', json_build_object(
    'type', 'audit', 's', NEW.syndicate_id, 'a', NEW.action, 'e', NEW.entity_id, 'm', NEW.actor_member_id,
    'u', left(NEW.summary, 500),
    'off', coalesce(NEW.action = 'member.updated' AND NEW.changes -> 'isActive' ->> 1 = 'false', false)
  )::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_announce AFTER INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_announce();
