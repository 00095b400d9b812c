CREATE TYPE "public"."bank_entry_type" AS ENUM('contribution', 'payout', 'adjustment', 'allocation', 'reversal');--> statement-breakpoint
CREATE TYPE "public"."share_basis" AS ENUM('equal', 'capital');--> statement-breakpoint
CREATE TABLE "bank_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"syndicate_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"type" "bank_entry_type" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"bet_id" integer,
	"reverses_id" integer,
	"batch_id" uuid,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_entries_amount_check" CHECK ("bank_entries"."amount_cents" <> 0),
	CONSTRAINT "bank_entries_reversal_check" CHECK (("bank_entries"."type" = 'reversal') = ("bank_entries"."reverses_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "bank_member_totals" (
	"syndicate_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"contributed_cents" bigint DEFAULT 0 NOT NULL,
	"paid_out_cents" bigint DEFAULT 0 NOT NULL,
	"adjustments_cents" bigint DEFAULT 0 NOT NULL,
	"betting_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bank_member_totals_syndicate_id_member_id_pk" PRIMARY KEY("syndicate_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "bet_allocation_weights" (
	"syndicate_id" integer NOT NULL,
	"bet_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"weight" bigint NOT NULL,
	CONSTRAINT "bet_allocation_weights_syndicate_id_bet_id_member_id_pk" PRIMARY KEY("syndicate_id","bet_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"syndicate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_syndicate_id_user_id_key_pk" PRIMARY KEY("syndicate_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "member_subscriptions" DROP CONSTRAINT "member_subscriptions_subscription_id_subscription_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "member_subscriptions" ALTER COLUMN "subscription_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "price_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "syndicates" ADD COLUMN "share_basis" "share_basis" DEFAULT 'equal' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_entries_syndicate_date_idx" ON "bank_entries" USING btree ("syndicate_id","date","id");--> statement-breakpoint
CREATE INDEX "bank_entries_member_date_idx" ON "bank_entries" USING btree ("syndicate_id","member_id","date","id");--> statement-breakpoint
CREATE INDEX "bank_entries_bet_idx" ON "bank_entries" USING btree ("syndicate_id","bet_id") WHERE "bank_entries"."bet_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_entries_reverses_key" ON "bank_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD CONSTRAINT "member_subscriptions_subscription_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Plan assignments keep the price they were assigned at: later plan edits do not rewrite dues.
UPDATE "member_subscriptions" ms SET "price_cents" = p."price_cents"
  FROM "subscription_plans" p WHERE p."id" = ms."subscription_id";--> statement-breakpoint
-- The ledger is append-only: no UPDATE, DELETE or TRUNCATE, ever. Corrections are reversals.
CREATE FUNCTION bank_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bank_entries is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER bank_entries_no_update_delete BEFORE UPDATE OR DELETE ON "bank_entries"
  FOR EACH ROW EXECUTE FUNCTION bank_entries_append_only();--> statement-breakpoint
CREATE TRIGGER bank_entries_no_truncate BEFORE TRUNCATE ON "bank_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION bank_entries_append_only();--> statement-breakpoint
-- Running totals per member, by kind; a reversal counts in the kind of the entry it undoes and
-- must undo it exactly (same syndicate, member and negated amount; never a reversal).
CREATE FUNCTION bank_entries_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind bank_entry_type := NEW.type;
  original bank_entries%ROWTYPE;
BEGIN
  IF NEW.type = 'reversal' THEN
    SELECT * INTO original FROM bank_entries WHERE id = NEW.reverses_id;
    IF NOT FOUND OR original.type = 'reversal' OR original.syndicate_id <> NEW.syndicate_id
       OR original.member_id <> NEW.member_id OR original.amount_cents <> -NEW.amount_cents THEN
      RAISE EXCEPTION 'a reversal must exactly undo one earlier entry'
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    kind := original.type;
  END IF;
  INSERT INTO bank_member_totals AS t
    (syndicate_id, member_id, contributed_cents, paid_out_cents, adjustments_cents, betting_cents)
  VALUES (NEW.syndicate_id, NEW.member_id,
    CASE WHEN kind = 'contribution' THEN NEW.amount_cents ELSE 0 END,
    CASE WHEN kind = 'payout' THEN -NEW.amount_cents ELSE 0 END,
    CASE WHEN kind = 'adjustment' THEN NEW.amount_cents ELSE 0 END,
    CASE WHEN kind = 'allocation' THEN NEW.amount_cents ELSE 0 END)
  ON CONFLICT (syndicate_id, member_id) DO UPDATE SET
    contributed_cents = t.contributed_cents + excluded.contributed_cents,
    paid_out_cents = t.paid_out_cents + excluded.paid_out_cents,
    adjustments_cents = t.adjustments_cents + excluded.adjustments_cents,
    betting_cents = t.betting_cents + excluded.betting_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bank_entries_totals AFTER INSERT ON "bank_entries"
  FOR EACH ROW EXECUTE FUNCTION bank_entries_totals();--> statement-breakpoint
-- Bets settled before the bank existed are shared once, equally among the members active now
-- (in join order; the earliest-joined take the leftover cents), or by the bet's own member when
-- the syndicate has no active member.
INSERT INTO "bet_allocation_weights" ("syndicate_id", "bet_id", "member_id", "weight")
SELECT b."syndicate_id", b."id", m."id", 1
  FROM "bets" b
  JOIN "members" m ON m."syndicate_id" = b."syndicate_id" AND m."is_active" AND m."archived_at" IS NULL
 WHERE b."status" <> 'pending';--> statement-breakpoint
INSERT INTO "bet_allocation_weights" ("syndicate_id", "bet_id", "member_id", "weight")
SELECT b."syndicate_id", b."id", b."member_id", 1
  FROM "bets" b
 WHERE b."status" <> 'pending'
   AND NOT EXISTS (SELECT 1 FROM "bet_allocation_weights" w WHERE w."bet_id" = b."id");--> statement-breakpoint
INSERT INTO "bank_entries" ("syndicate_id", "member_id", "type", "amount_cents", "date", "note", "bet_id", "created_at")
SELECT x.syndicate_id, x.member_id, 'allocation', x.amount, x.day, x.note, x.bet_id, x.settled_at
  FROM (
    SELECT w."syndicate_id", w."member_id", b."id" AS bet_id,
           sign(b."result_cents")::bigint * (abs(b."result_cents") / w.n
             + CASE WHEN w.rn <= abs(b."result_cents") % w.n THEN 1 ELSE 0 END) AS amount,
           (coalesce(b."settled_at", b."date") AT TIME ZONE s."timezone")::date AS day,
           b."horse_name" || ' (' || b."bet_type" || ')' AS note,
           coalesce(b."settled_at", b."date") AS settled_at
      FROM (
        SELECT w0.*, count(*) OVER (PARTITION BY w0."bet_id") AS n,
               row_number() OVER (PARTITION BY w0."bet_id" ORDER BY m0."created_at", m0."id") AS rn
          FROM "bet_allocation_weights" w0 JOIN "members" m0 ON m0."id" = w0."member_id"
      ) w
      JOIN "bets" b ON b."id" = w."bet_id"
      JOIN "syndicates" s ON s."id" = b."syndicate_id"
  ) x
 WHERE x.amount <> 0
 ORDER BY x.bet_id, x.member_id;
