CREATE TABLE "catalog_import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"dry_run" boolean NOT NULL,
	"phase" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A handle saved as '' (or, for a new row, one another row has) is made from the name:
-- lowercase ASCII letters and digits joined by single hyphens (accents and the dots of
-- Yoruba letters dropped: "Ọ̀ṣun" is "osun"), "-2", "-3"… added until no other row of the
-- table has it (docs/catalogue-csv.md, Handles). Letters are lowercased only once their
-- accents are off: a database made without a locale lowercases ASCII letters alone.
CREATE FUNCTION catalog_handle_from_name(name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(trim(both '-' from left(regexp_replace(
    lower(translate(regexp_replace(normalize(name, NFD), U&'[\0300-\036F]', '', 'g'), 'ßøđłæœØĐŁÆŒ', 'sodlaeODLAE')),
    '[^a-z0-9]+', '-', 'g'), 60)), ''), 'item')
$$;--> statement-breakpoint
CREATE FUNCTION catalog_fill_handle() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  base text := catalog_handle_from_name(NEW.name);
  candidate text := base;
  n integer := 1;
  taken boolean;
BEGIN
  -- A new row copied from another (duplicating an item) brings that row's handle: it
  -- gets one of its own instead. A handle given that no other row has is kept.
  IF NEW.handle <> '' THEN
    EXECUTE format('SELECT exists(SELECT 1 FROM %I WHERE handle = $1 AND id <> $2)', TG_TABLE_NAME)
      INTO taken USING NEW.handle, NEW.id;
    IF NOT taken THEN
      RETURN NEW;
    END IF;
  END IF;
  LOOP
    EXECUTE format('SELECT exists(SELECT 1 FROM %I WHERE handle = $1 AND id <> $2)', TG_TABLE_NAME)
      INTO taken USING candidate, NEW.id;
    EXIT WHEN NOT taken;
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  NEW.handle := candidate;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_fill_handle BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION catalog_fill_handle();--> statement-breakpoint
CREATE TRIGGER products_refill_handle BEFORE UPDATE OF handle ON products
  FOR EACH ROW WHEN (NEW.handle = '') EXECUTE FUNCTION catalog_fill_handle();--> statement-breakpoint
CREATE TRIGGER collections_fill_handle BEFORE INSERT ON collections
  FOR EACH ROW EXECUTE FUNCTION catalog_fill_handle();--> statement-breakpoint
CREATE TRIGGER collections_refill_handle BEFORE UPDATE OF handle ON collections
  FOR EACH ROW WHEN (NEW.handle = '') EXECUTE FUNCTION catalog_fill_handle();--> statement-breakpoint
-- Existing rows get theirs oldest first, so the oldest of two namesakes keeps the plain one.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id FROM collections ORDER BY created_at, id LOOP
    UPDATE collections SET handle = '' WHERE id = r.id;
  END LOOP;
  FOR r IN SELECT id FROM products ORDER BY created_at, id LOOP
    UPDATE products SET handle = '' WHERE id = r.id;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_handle_idx" ON "collections" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "products_handle_idx" ON "products" USING btree ("handle");