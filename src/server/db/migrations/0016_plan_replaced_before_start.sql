-- A plan replaced before its start date never started, so it charges no dues (docs/bank.md,
-- found by probing: the wrong plan, corrected before its day, was still charged when the day
-- came). Set once, when the assignment is replaced; the bank's dues count only charging rows.
ALTER TABLE "member_subscriptions" ADD COLUMN "charges_dues" boolean DEFAULT true NOT NULL;
