CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"syndicate_id" integer NOT NULL,
	"actor_member_id" integer,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"summary" text NOT NULL,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_syndicate_idx" ON "audit_events" USING btree ("syndicate_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("syndicate_id","entity_type","entity_id","id");--> statement-breakpoint
-- The audit log is append-only: no UPDATE, DELETE or TRUNCATE, ever (statement triggers, so even a
-- statement that matches no row is refused).
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_delete BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
-- Money in an event's summary, in the syndicate's currency, exactly as the app writes it
-- (Intl.NumberFormat en-US, src/server/assistant/format.ts money(): "$1,234.50", "-€3.00",
-- "A$5.00", "NZ$5.00"): the summary is written by the event's one INSERT, which reads the currency
-- there rather than in a query of its own. features/audit/audit.test.ts holds the two to agreement.
CREATE FUNCTION audit_money(cents bigint, currency text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN cents < 0 THEN '-' ELSE '' END
    || CASE currency WHEN 'eur' THEN '€' WHEN 'gbp' THEN '£' WHEN 'aud' THEN 'A$' WHEN 'nzd' THEN 'NZ$' ELSE '$' END
    || to_char(abs(cents) / 100, 'FM999,999,999,999,999,990') || '.' || lpad((abs(cents) % 100)::text, 2, '0')
$$;
