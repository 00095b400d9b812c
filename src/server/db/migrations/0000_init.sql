CREATE TYPE "public"."bet_status" AS ENUM('pending', 'win', 'loss');--> statement-breakpoint
CREATE TYPE "public"."bet_type" AS ENUM('win', 'place', 'each-way');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('usd', 'eur', 'gbp', 'aud', 'nzd');--> statement-breakpoint
CREATE TYPE "public"."member_role" AS ENUM('admin', 'member');--> statement-breakpoint
CREATE TYPE "public"."odds_type" AS ENUM('fixed', 'tote');--> statement-breakpoint
CREATE TYPE "public"."rotation_strategy" AS ENUM('sequential', 'random', 'manual');--> statement-breakpoint
CREATE TABLE "bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"syndicate_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"race_id" integer,
	"bet_group_id" uuid,
	"horse_name" text NOT NULL,
	"bet_type" "bet_type" DEFAULT 'win' NOT NULL,
	"odds_hundredths" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"odds_type" "odds_type" DEFAULT 'fixed' NOT NULL,
	"status" "bet_status" DEFAULT 'pending' NOT NULL,
	"result_cents" bigint,
	"date" timestamp with time zone NOT NULL,
	"horse_number" integer,
	"jockey" text,
	"trainer" text,
	"weight" text,
	"barrier" integer,
	"silk_color" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bets_amount_check" CHECK ("bets"."amount_cents" > 0),
	CONSTRAINT "bets_odds_check" CHECK ("bets"."odds_hundredths" > 0)
);
--> statement-breakpoint
CREATE TABLE "join_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_bet_stats" (
	"syndicate_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"result_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_bet_stats_syndicate_id_member_id_pk" PRIMARY KEY("syndicate_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "member_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"syndicate_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"syndicate_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"initials" text NOT NULL,
	"role" "member_role" DEFAULT 'member' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_logins" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" serial PRIMARY KEY NOT NULL,
	"syndicate_id" integer NOT NULL,
	"name" text NOT NULL,
	"venue" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"description" text,
	"race_number" integer,
	"meeting_number" integer,
	"distance" text,
	"race_type" text,
	"track_condition" text,
	"custom_fields" jsonb,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"syndicate_id" integer NOT NULL,
	"text" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"active_syndicate_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"syndicate_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"duration_months" integer DEFAULT 1 NOT NULL,
	"description" text,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_price_check" CHECK ("subscription_plans"."price_cents" >= 0),
	CONSTRAINT "subscription_plans_duration_check" CHECK ("subscription_plans"."duration_months" >= 1)
);
--> statement-breakpoint
CREATE TABLE "syndicate_day_stats" (
	"syndicate_id" integer NOT NULL,
	"day" date NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"result_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "syndicate_day_stats_syndicate_id_day_pk" PRIMARY KEY("syndicate_id","day")
);
--> statement-breakpoint
CREATE TABLE "syndicates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"invite_code" text NOT NULL,
	"default_bet_amount_cents" bigint DEFAULT 10000 NOT NULL,
	"currency" "currency" DEFAULT 'usd' NOT NULL,
	"rotation_strategy" "rotation_strategy" DEFAULT 'sequential' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"manual_next_member_id" integer,
	"racing_api_key_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"password_hash" text,
	"oidc_issuer" text,
	"oidc_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_failures" ADD CONSTRAINT "join_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bet_stats" ADD CONSTRAINT "member_bet_stats_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bet_stats" ADD CONSTRAINT "member_bet_stats_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD CONSTRAINT "member_subscriptions_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD CONSTRAINT "member_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD CONSTRAINT "member_subscriptions_subscription_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_active_syndicate_id_syndicates_id_fk" FOREIGN KEY ("active_syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndicate_day_stats" ADD CONSTRAINT "syndicate_day_stats_syndicate_id_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_syndicate_date_idx" ON "bets" USING btree ("syndicate_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bets_syndicate_member_idx" ON "bets" USING btree ("syndicate_id","member_id");--> statement-breakpoint
CREATE INDEX "bets_syndicate_status_idx" ON "bets" USING btree ("syndicate_id","status");--> statement-breakpoint
CREATE INDEX "bets_group_idx" ON "bets" USING btree ("bet_group_id");--> statement-breakpoint
CREATE INDEX "bets_syndicate_settled_on_idx" ON "bets" USING btree ("syndicate_id",coalesce("settled_at", "date")) WHERE "bets"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "join_failures_user_at_idx" ON "join_failures" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "member_subscriptions_member_idx" ON "member_subscriptions" USING btree ("syndicate_id","member_id");--> statement-breakpoint
CREATE INDEX "member_subscriptions_plan_idx" ON "member_subscriptions" USING btree ("syndicate_id","subscription_id");--> statement-breakpoint
CREATE INDEX "members_syndicate_idx" ON "members" USING btree ("syndicate_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_syndicate_user_key" ON "members" USING btree ("syndicate_id","user_id");--> statement-breakpoint
CREATE INDEX "members_user_idx" ON "members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "races_syndicate_date_idx" ON "races" USING btree ("syndicate_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "races_syndicate_external_key" ON "races" USING btree ("syndicate_id","external_id");--> statement-breakpoint
CREATE INDEX "reminders_syndicate_date_idx" ON "reminders" USING btree ("syndicate_id","completed","date");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscription_plans_syndicate_idx" ON "subscription_plans" USING btree ("syndicate_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "syndicates_invite_code_key" ON "syndicates" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_local_email_key" ON "users" USING btree (lower("email")) WHERE "users"."password_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity_key" ON "users" USING btree ("oidc_issuer","oidc_subject");