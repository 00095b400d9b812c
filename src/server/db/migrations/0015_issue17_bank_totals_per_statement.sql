-- Issue 17: bank_member_totals was kept by a row trigger on bank_entries, one upsert of a member's
-- totals row per ledger line. A CSV import of settled bets writes bets × members allocation lines
-- in one statement, so each member's row was updated hundreds of times in one transaction, every
-- update a new version of the row that the next one's unique-index lookup walked past: 40,000
-- lines took 3.9 s, 80,000 took 13.5 s and 160,000 took 29 s (found by probing). The same rule
-- now runs once per statement over its new rows (a transition table): the reversal check for
-- every reversal at once, then one upsert per member with the statement's sums by kind. Every
-- insert into bank_entries is one statement under the syndicate's bank lock, so the totals rows
-- are written by one transaction at a time, as before.
DROP TRIGGER bank_entries_totals ON "bank_entries";--> statement-breakpoint
DROP FUNCTION bank_entries_totals();--> statement-breakpoint
CREATE FUNCTION bank_entries_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A reversal counts in the kind of the entry it undoes and must undo it exactly (same
  -- syndicate, member and negated amount; never a reversal).
  IF EXISTS (
    SELECT 1 FROM new_entries r
      LEFT JOIN bank_entries o ON o.id = r.reverses_id
     WHERE r.type = 'reversal'
       AND (o.id IS NULL OR o.type = 'reversal' OR o.syndicate_id <> r.syndicate_id
            OR o.member_id <> r.member_id OR o.amount_cents <> -r.amount_cents)) THEN
    RAISE EXCEPTION 'a reversal must exactly undo one earlier entry'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  INSERT INTO bank_member_totals AS t
    (syndicate_id, member_id, contributed_cents, paid_out_cents, adjustments_cents, betting_cents)
  SELECT r.syndicate_id, r.member_id,
         sum(CASE WHEN k.kind = 'contribution' THEN r.amount_cents ELSE 0 END),
         sum(CASE WHEN k.kind = 'payout' THEN -r.amount_cents ELSE 0 END),
         sum(CASE WHEN k.kind = 'adjustment' THEN r.amount_cents ELSE 0 END),
         sum(CASE WHEN k.kind = 'allocation' THEN r.amount_cents ELSE 0 END)
    FROM new_entries r
    LEFT JOIN bank_entries o ON r.type = 'reversal' AND o.id = r.reverses_id
   CROSS JOIN LATERAL (SELECT coalesce(o.type, r.type) AS kind) k
   GROUP BY r.syndicate_id, r.member_id
   ORDER BY r.syndicate_id, r.member_id
  ON CONFLICT (syndicate_id, member_id) DO UPDATE SET
    contributed_cents = t.contributed_cents + excluded.contributed_cents,
    paid_out_cents = t.paid_out_cents + excluded.paid_out_cents,
    adjustments_cents = t.adjustments_cents + excluded.adjustments_cents,
    betting_cents = t.betting_cents + excluded.betting_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bank_entries_totals AFTER INSERT ON "bank_entries"
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION bank_entries_totals();
