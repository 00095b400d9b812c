-- Issue 17: the bets list's text search (GET /api/bets?q=) over horse, jockey, race and venue,
-- case- and accent-insensitive, through a trigram index. The race's name and venue live in races,
-- so each bet keeps its searchable text in bets.search (kept by triggers, here and on races) and
-- one GIN index serves the whole search. pg_trgm and unaccent ship with PostgreSQL's contrib
-- (the system server and embedded-postgres alike) and are trusted extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could be changed); naming the dictionary pins it, so this
-- wrapper may be IMMUTABLE. The query's text goes through the same function as the stored text.
-- lower() after unaccent: in the C locale lower() folds ASCII only, and unaccent maps É to E first.
CREATE FUNCTION search_normalise(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The fields joined by a newline: a search (its whitespace collapsed to spaces) never spans two.
CREATE FUNCTION bets_search_fill() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  new.search := search_normalise(concat_ws(E'\n', new.horse_name, new.jockey,
    (select concat_ws(E'\n', r.name, r.venue) from races r where r.id = new.race_id)));
  return new;
end $$;--> statement-breakpoint
CREATE TRIGGER bets_search_fill BEFORE INSERT OR UPDATE OF horse_name, jockey, race_id ON bets
  FOR EACH ROW EXECUTE FUNCTION bets_search_fill();--> statement-breakpoint
-- A race renamed (or moved to another venue) renames its bets' text. A deleted race sets its bets'
-- race_id to null, which the trigger above sees.
CREATE FUNCTION races_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  update bets b
     set search = search_normalise(concat_ws(E'\n', b.horse_name, b.jockey, new.name, new.venue))
   where b.syndicate_id = new.syndicate_id and b.race_id = new.id;
  return null;
end $$;--> statement-breakpoint
CREATE TRIGGER races_search_sync AFTER UPDATE OF name, venue ON races
  FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name OR old.venue IS DISTINCT FROM new.venue)
  EXECUTE FUNCTION races_search_sync();--> statement-breakpoint
UPDATE bets b
   SET search = search_normalise(concat_ws(E'\n', b.horse_name, b.jockey,
     (select concat_ws(E'\n', r.name, r.venue) from races r where r.id = b.race_id)));--> statement-breakpoint
CREATE INDEX "bets_search_trgm_idx" ON "bets" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
-- The raceId filter, and the update above when a race is renamed.
CREATE INDEX "bets_syndicate_race_idx" ON "bets" USING btree ("syndicate_id","race_id");
