-- Issue 17: the profit timeline (GET /api/insights/timeline, which the dashboard asks for the year
-- to date on every load) read every bet of the range: 60-80 ms at 100,000 bets. It reads these
-- per-local-day totals instead, kept by triggers on bets and syndicates (db/bet-stats-trigger.ts,
-- installed after the migrations; the first install fills the table from bets).
CREATE TABLE "syndicate_local_days" (
	"syndicate_id" integer NOT NULL,
	"day" date NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"staked_cents" bigint DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "syndicate_local_days_syndicate_id_day_pk" PRIMARY KEY("syndicate_id","day")
);
--> statement-breakpoint
ALTER TABLE "syndicate_local_days" ADD CONSTRAINT "syndicate_local_days_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;
