-- Issue 17: search_normalise (0008) was a SQL function whose body calls unaccent(regdictionary,
-- text), which is STABLE. PostgreSQL will not inline a STABLE body into an IMMUTABLE function, but
-- it finds that out only after parsing and analysing the body, and it tries again wherever the
-- call is planned: on every INSERT and every UPDATE of bets that writes index entries, for the
-- expression index bets_syndicate_horse_idx (index expressions are prepared per statement). perf
-- on a backend creating and settling bets: pg_parse_query 2.4 % of its CPU, FormIndexDatum 3.4 %.
-- A PL/pgSQL function is never inlined and plans its expression once per connection: 0.2 % and
-- 0.9 %. The result is the same for every input, so the index and the stored search texts stay
-- valid. Both names stay schema-qualified (maintenance runs with search_path = pg_catalog).
CREATE OR REPLACE FUNCTION search_normalise(value text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ begin return lower(public.unaccent('public.unaccent'::regdictionary, value)); end $$;
