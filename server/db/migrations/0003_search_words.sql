-- The catalogue's vocabulary for forgiving search (see catalog_words in schema/catalog.ts).
-- Words of 4 letters or more also carry their one-letter deletions: two words a single
-- slip apart (a letter added, dropped, changed or two swapped) always share one.
CREATE FUNCTION catalog_word_deletions(word text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN array(
    SELECT word
    UNION
    SELECT left(word, i - 1) || substr(word, i + 1) FROM generate_series(1, length(word)) AS i WHERE length(word) >= 4
  );
--> statement-breakpoint
CREATE TABLE "catalog_words" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL,
	"name_uses" integer NOT NULL,
	"deletions" text[] GENERATED ALWAYS AS (catalog_word_deletions(word)) STORED NOT NULL
);
--> statement-breakpoint
-- Names are no longer compared by trigrams; the vocabulary is.
DROP INDEX "collections_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "catalog_words_deletions_idx" ON "catalog_words" USING gin ("deletions");--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The distinct words of one item, lowercased, and whether its name holds them. Words are
-- the text search parser's tokens of letters and digits, and whole numbers (hyphenated
-- words count by their parts, as in search_vector); a word longer than 40 characters is
-- nobody's search.
CREATE FUNCTION catalog_item_words(name text, other text) RETURNS TABLE (word text, in_name boolean)
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT lower(token), bool_or(in_name)
    FROM (
      SELECT token, true FROM ts_parse('default', name) WHERE tokid IN (1, 2, 3, 9, 10, 11, 22)
      UNION ALL
      SELECT token, false FROM ts_parse('default', other) WHERE tokid IN (1, 2, 3, 9, 10, 11, 22)
    ) AS t (token, in_name)
    WHERE length(token) <= 40
    GROUP BY 1
  $$;
--> statement-breakpoint
-- Counts the words of the items added and uncounts those of the items removed (product
-- or collection rows as JSON); a word nothing uses any more leaves the vocabulary. An
-- item's words come from what its search_vector reads: the name, then the category (a
-- collection has none), style, contents and description without its tags. Words are
-- written in order, so concurrent writers queue on a shared word instead of deadlocking.
CREATE FUNCTION catalog_words_count(removed jsonb, added jsonb) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    unused text[];
  BEGIN
    WITH items AS (
      SELECT -1 AS change, i FROM jsonb_array_elements(removed) AS i
      UNION ALL
      SELECT 1, i FROM jsonb_array_elements(added) AS i
    ),
    item_words AS (
      SELECT items.change, w.word, w.in_name
      FROM items,
        catalog_item_words(
          i ->> 'name',
          concat_ws(' ', i ->> 'category', i ->> 'style', i ->> 'items', regexp_replace(i ->> 'description', '<[^>]+>', ' ', 'g'))
        ) AS w
    ),
    delta AS (
      SELECT word, sum(change)::integer AS uses, coalesce(sum(change) FILTER (WHERE in_name), 0)::integer AS name_uses
      FROM item_words
      GROUP BY word
    ),
    counted AS (
      INSERT INTO catalog_words AS c (word, uses, name_uses)
      SELECT word, uses, name_uses FROM delta WHERE uses <> 0 OR name_uses <> 0 ORDER BY word
      ON CONFLICT (word) DO UPDATE SET uses = c.uses + excluded.uses, name_uses = c.name_uses + excluded.name_uses
      RETURNING c.word, c.uses
    )
    SELECT array_agg(word) INTO unused FROM counted WHERE uses <= 0;
    DELETE FROM catalog_words WHERE word = ANY (unused);
  END
  $$;
--> statement-breakpoint
CREATE FUNCTION catalog_words_rebuild() RETURNS void
  LANGUAGE sql
  AS $$
    DELETE FROM catalog_words;
    SELECT catalog_words_count(
      '[]',
      coalesce((SELECT jsonb_agg(to_jsonb(p)) FROM products p), '[]')
        || coalesce((SELECT jsonb_agg(to_jsonb(c)) FROM collections c), '[]')
    );
  $$;
--> statement-breakpoint
-- What each query word may stand for: whether it is a stop word; the catalogue words it
-- begins (max_words + 1 at most, to tell "too many"); and, for a word of min_length
-- letters or more, the name words holding it and, when it begins none, the words
-- sharing a one-letter deletion with it. Words hold only letters and digits. JIT is off:
-- the planner's cost for these index look-ups grows with the vocabulary and would cross
-- jit_above_cost, spending a hundred times longer compiling than looking up.
CREATE FUNCTION catalog_search_words(words text[], min_length integer, max_words integer)
  RETURNS TABLE (word text, stop boolean, begun text[], inside text[], near text[])
  LANGUAGE sql STABLE PARALLEL SAFE
  SET jit = off
  AS $$
    SELECT q.word,
      numnode(plainto_tsquery('english', q.word)) = 0,
      b.begun,
      CASE WHEN length(q.word) >= min_length THEN array(
        SELECT c.word FROM catalog_words c
        WHERE c.name_uses > 0 AND c.word LIKE '%' || q.word || '%' AND c.word NOT LIKE q.word || '%'
        ORDER BY c.uses DESC, c.word LIMIT max_words
      ) ELSE '{}' END,
      CASE WHEN length(q.word) >= min_length AND cardinality(b.begun) = 0 THEN array(
        SELECT c.word FROM catalog_words c
        WHERE c.deletions && catalog_word_deletions(q.word)
        ORDER BY c.uses DESC, c.word LIMIT max_words
      ) ELSE '{}' END
    FROM unnest(words) AS q (word),
      LATERAL (
        SELECT array(
          SELECT c.word FROM catalog_words c WHERE c.word LIKE q.word || '%'
          ORDER BY c.uses DESC, c.word LIMIT max_words + 1
        ) AS begun
      ) AS b
  $$;
--> statement-breakpoint
-- One statement's inserted, updated or deleted products or collections, through its
-- transition tables; a truncation recounts from what is left.
CREATE FUNCTION catalog_words_track() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      PERFORM catalog_words_rebuild();
    ELSIF TG_OP = 'INSERT' THEN
      PERFORM catalog_words_count(
        '[]',
        (SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n)
      );
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM catalog_words_count(
        (SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o),
        '[]'
      );
    ELSE
      PERFORM catalog_words_count(
        (SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o),
        (SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n)
      );
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER products_words_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_track();
--> statement-breakpoint
CREATE TRIGGER products_words_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_track();
--> statement-breakpoint
CREATE TRIGGER products_words_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_track();
--> statement-breakpoint
CREATE TRIGGER products_words_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_track();
--> statement-breakpoint
CREATE TRIGGER collections_words_inserted AFTER INSERT ON collections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_track();
--> statement-breakpoint
CREATE TRIGGER collections_words_updated AFTER UPDATE ON collections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_track();
--> statement-breakpoint
CREATE TRIGGER collections_words_deleted AFTER DELETE ON collections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_track();
--> statement-breakpoint
CREATE TRIGGER collections_words_truncated AFTER TRUNCATE ON collections
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_track();
--> statement-breakpoint
SELECT catalog_words_rebuild();
