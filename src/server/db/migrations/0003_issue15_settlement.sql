ALTER TYPE "public"."bet_status" ADD VALUE 'placed';--> statement-breakpoint
ALTER TYPE "public"."bet_status" ADD VALUE 'void';--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "place_places" smallint;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "place_divisor" smallint;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "place_odds_hundredths" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "position" smallint;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "dead_heat" smallint;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "dividend_hundredths" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "place_dividend_hundredths" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "rule4" smallint;--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "runners" jsonb;--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_place_terms_check" CHECK (("bets"."place_places" is null and "bets"."place_divisor" is null) or ("bets"."place_places" between 1 and 8 and "bets"."place_divisor" between 1 and 6));--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_place_odds_check" CHECK ("bets"."place_odds_hundredths" > 0);--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_rule4_check" CHECK ("bets"."rule4" between 5 and 90);