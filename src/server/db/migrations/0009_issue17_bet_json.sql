-- Issue 17 §5: each bet's JSON text as GET /api/bets answers it, written by triggers in the
-- writer's transaction (src/server/db/bet-json.ts installs them after the migrations and fills the
-- table), so a list read joins ready text instead of formatting every field on every read.
CREATE TABLE "bet_json" (
  "bet_id" integer PRIMARY KEY NOT NULL REFERENCES "bets"("id") ON DELETE CASCADE,
  "json" text NOT NULL
);
