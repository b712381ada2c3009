DROP INDEX "order_quotes_one_approval_key";--> statement-breakpoint
ALTER TABLE "order_quotes" ADD CONSTRAINT "order_quotes_approval_whole" CHECK (("order_quotes"."approved_at" is null) = ("order_quotes"."approved_by_name" is null));--> statement-breakpoint
-- A customer's approval stays on its version for good: once given, neither its time nor
-- the name typed changes (a newer version is approved on its own row).
CREATE FUNCTION order_quotes_keep_approval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.approved_at IS NOT NULL AND (NEW.approved_at IS DISTINCT FROM OLD.approved_at
      OR NEW.approved_by_name IS DISTINCT FROM OLD.approved_by_name) THEN
    RAISE EXCEPTION 'An approval of a quote version is kept as it was given.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER order_quotes_keep_approval BEFORE UPDATE ON order_quotes
  FOR EACH ROW EXECUTE FUNCTION order_quotes_keep_approval();
