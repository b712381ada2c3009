ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- When each order was last made ready and last delivered, from its timeline, kept by the
-- trigger below so Today's queues bound them on an index (docs/product.md, Today).
UPDATE "orders" o SET
  "ready_at" = (SELECT max(e."at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."status" = 'ready'),
  "delivered_at" = (SELECT max(e."at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."status" = 'delivered')
WHERE EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id" AND e."status" IN ('ready', 'delivered'));--> statement-breakpoint
CREATE FUNCTION order_step_times(changed uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "orders" o SET
    "ready_at" = s.ready_at,
    "delivered_at" = s.delivered_at
  FROM (
    SELECT
      (SELECT max(e."at") FROM "order_events" e WHERE e."order_id" = changed AND e."status" = 'ready') AS ready_at,
      (SELECT max(e."at") FROM "order_events" e WHERE e."order_id" = changed AND e."status" = 'delivered') AS delivered_at
  ) s
  WHERE o."id" = changed
    AND (o."ready_at", o."delivered_at") IS DISTINCT FROM (s.ready_at, s.delivered_at);
$$;--> statement-breakpoint
CREATE FUNCTION order_event_step_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW."status" IN ('ready', 'delivered') THEN
    PERFORM order_step_times(NEW."order_id");
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."status" IN ('ready', 'delivered')
     AND (TG_OP = 'DELETE' OR OLD."order_id" <> NEW."order_id" OR NEW."status" IS DISTINCT FROM OLD."status") THEN
    PERFORM order_step_times(OLD."order_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_events_step_times AFTER INSERT OR UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION order_event_step_changed();--> statement-breakpoint
CREATE INDEX "orders_reference_trgm_idx" ON "orders" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_ready_since_idx" ON "orders" USING btree (coalesce("ready_at", "updated_at"),"id") WHERE "orders"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "orders_new_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" = 'new';--> statement-breakpoint
CREATE INDEX "orders_quoted_idx" ON "orders" USING btree ("needs_revision","id") WHERE "orders"."status" = 'quoted';--> statement-breakpoint
CREATE INDEX "orders_delivered_at_idx" ON "orders" USING btree ("delivered_at","id") WHERE "orders"."status" in ('delivered', 'closed');--> statement-breakpoint
CREATE INDEX "order_quotes_unapproved_sent_idx" ON "order_quotes" USING btree ("sent_at","order_id","version") WHERE "order_quotes"."approved_at" is null;--> statement-breakpoint
CREATE INDEX "order_quotes_approved_idx" ON "order_quotes" USING btree ("order_id","version") WHERE "order_quotes"."approved_at" is not null;--> statement-breakpoint
CREATE INDEX "order_quotes_unapproved_valid_idx" ON "order_quotes" USING btree ("valid_until") WHERE "order_quotes"."approved_at" is null;--> statement-breakpoint
CREATE INDEX "today_marks_review_asked_idx" ON "today_marks" USING btree ("done_at") WHERE "today_marks"."kind" = 'review_asks' and "today_marks"."done_at" is not null;