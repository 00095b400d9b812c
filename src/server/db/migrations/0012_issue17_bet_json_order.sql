-- Issue 17 §5: a bets page newest first joined 200 rows of bet_json by id, one index descent each
-- (about 0.3 ms of PostgreSQL's 1.1 ms for a 200-bet page). bet_json now holds each bet's
-- syndicate and date too, in an index in the page's order, so the unfiltered pages read it alone.
-- The texts are written again at the next start (db/bet-json.ts: its definition changed), so the
-- rows are emptied here and the columns can be NOT NULL from the start.
DELETE FROM "bet_json";
--> statement-breakpoint
ALTER TABLE "bet_json" ADD COLUMN "syndicate_id" integer NOT NULL;
--> statement-breakpoint
ALTER TABLE "bet_json" ADD COLUMN "date" timestamp with time zone NOT NULL;
--> statement-breakpoint
CREATE INDEX "bet_json_syndicate_date_idx" ON "bet_json" USING btree ("syndicate_id","date" DESC,"bet_id" DESC);
