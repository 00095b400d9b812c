-- Issue 17: GET /api/bets?sort= pages the whole list in a column's order (list-json.ts SORT_KEYS).
-- Each of these orders is a keyset order with the bet's id breaking ties, read from an index so
-- that a page at 100,000 bets reads its 51 rows instead of sorting the syndicate's bets: without
-- them a page by amount took about 40 ms and by horse about 200 ms (search_normalise per bet).
CREATE INDEX "bets_syndicate_amount_idx" ON "bets" USING btree ("syndicate_id", "amount_cents", "id");--> statement-breakpoint
CREATE INDEX "bets_syndicate_odds_idx" ON "bets" USING btree ("syndicate_id", "odds_hundredths", "id");--> statement-breakpoint
CREATE INDEX "bets_syndicate_horse_idx" ON "bets" USING btree ("syndicate_id", (search_normalise("horse_name")) COLLATE "C", "id");--> statement-breakpoint
-- The status filter's index, with the id after the status: the status order (the enum's:
-- pending, win, loss, placed, void) pages from it too.
DROP INDEX "bets_syndicate_status_idx";--> statement-breakpoint
CREATE INDEX "bets_syndicate_status_idx" ON "bets" USING btree ("syndicate_id", "status", "id");
