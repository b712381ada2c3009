CREATE TABLE "delivery_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery_choice" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
-- A change to the delivery prices empties every instance's read cache, as the settings' do.
CREATE TRIGGER delivery_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
