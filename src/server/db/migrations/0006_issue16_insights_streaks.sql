-- The insights summary's streaks read the settled bets newest first. This index holds every bet in
-- that order with the two columns the pass needs (status, and the member for a member's summary),
-- so it is an index-only scan without a sort or a heap read. Not in schema.ts: drizzle has no
-- INCLUDE. Not partial: a predicate naming 'placed' or 'void' fails in the transaction in which
-- 0003 added 'placed' (drizzle runs all pending migrations in one).
CREATE INDEX "bets_syndicate_date_status_idx" ON "bets" USING btree ("syndicate_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("status","member_id");
