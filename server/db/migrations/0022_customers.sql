CREATE TABLE "customer_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_contacts" (
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_contacts_kind_known" CHECK ("customer_contacts"."kind" in ('phone', 'email'))
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"body" text NOT NULL,
	"by_id" uuid,
	"by_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"name_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	"balance_kobo" bigint DEFAULT 0 NOT NULL,
	"open_quotes" integer DEFAULT 0 NOT NULL,
	"first_contact_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_contact_at" timestamp with time zone DEFAULT now() NOT NULL,
	"figures_stale" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_accounts_customer_idx" ON "customer_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_contacts_value_key" ON "customer_contacts" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "customer_contacts_customer_idx" ON "customer_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_contacts_value_trgm_idx" ON "customer_contacts" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_last_contact_idx" ON "customers" USING btree ("last_contact_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "customers_paid_idx" ON "customers" USING btree ("paid_kobo" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "customers_balance_idx" ON "customers" USING btree ("balance_kobo" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "customers_stale_idx" ON "customers" USING btree ("id") WHERE "customers"."figures_stale";--> statement-breakpoint
CREATE INDEX "customers_name_keys_idx" ON "customers" USING gin ("name_keys");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_owner_idx" ON "customers" USING btree ("owner_id") WHERE "customers"."owner_id" is not null;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_customer_idx" ON "contact_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- A customer's figures are a copy of their orders' sums (see customers in schema/customers.ts):
-- any change to an order, its payments, quote versions or timeline, or to the customer's
-- messages and notes, marks the copy stale, and readers work it out again before using it.
-- Always written, even when already stale: the row stays locked until the change commits, so
-- a reader working the figures out meanwhile either finishes first (and the mark lands
-- after it) or passes this customer over (customer-figures.service.ts).
CREATE FUNCTION mark_customer_stale(customer uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE customers SET figures_stale = true WHERE id = customer;
$$;
--> statement-breakpoint
CREATE FUNCTION customer_of_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.customer_id IS NOT NULL THEN PERFORM mark_customer_stale(OLD.customer_id); END IF;
  IF TG_OP <> 'DELETE' AND NEW.customer_id IS NOT NULL THEN PERFORM mark_customer_stale(NEW.customer_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION customer_of_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_customer_stale(o.customer_id) FROM orders o
    WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END AND o.customer_id IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_customer_stale AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION customer_of_row_changed();
--> statement-breakpoint
CREATE TRIGGER contact_messages_customer_stale AFTER INSERT OR UPDATE OR DELETE ON contact_messages
  FOR EACH ROW EXECUTE FUNCTION customer_of_row_changed();
--> statement-breakpoint
CREATE TRIGGER customer_notes_customer_stale AFTER INSERT OR UPDATE OR DELETE ON customer_notes
  FOR EACH ROW EXECUTE FUNCTION customer_of_row_changed();
--> statement-breakpoint
CREATE TRIGGER order_payments_customer_stale AFTER INSERT OR UPDATE OR DELETE ON order_payments
  FOR EACH ROW EXECUTE FUNCTION customer_of_order_changed();
--> statement-breakpoint
CREATE TRIGGER order_quotes_customer_stale AFTER INSERT OR UPDATE OR DELETE ON order_quotes
  FOR EACH ROW EXECUTE FUNCTION customer_of_order_changed();
--> statement-breakpoint
CREATE TRIGGER order_lines_customer_stale AFTER INSERT OR UPDATE OR DELETE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION customer_of_order_changed();
--> statement-breakpoint
CREATE TRIGGER order_events_customer_stale AFTER INSERT ON order_events
  FOR EACH ROW EXECUTE FUNCTION customer_of_order_changed();
