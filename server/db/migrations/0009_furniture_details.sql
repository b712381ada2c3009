CREATE TYPE "public"."availability_kind" AS ENUM('in_stock', 'made_to_order', 'imported');--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"media_id" text
);
--> statement-breakpoint
DROP INDEX "cart_items_product_key";--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "availability_kind" "availability_kind" DEFAULT 'in_stock' NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "weeks_from" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "weeks_to" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "materials" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "availability_kind" "availability_kind" DEFAULT 'in_stock' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weeks_from" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weeks_to" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "materials" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "depth_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seat_height_cm" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "option_id" uuid;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "option_id" uuid;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_options_order_idx" ON "product_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_options_media_idx" ON "product_options" USING btree ("media_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_product_key" ON "cart_items" USING btree ("cart_id","product_id",coalesce("option_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "cart_items"."product_id" is not null;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_weeks_match_availability" CHECK (case "collections"."availability_kind"
      when 'in_stock' then "collections"."weeks_from" is null and "collections"."weeks_to" is null
      when 'made_to_order' then "collections"."weeks_from" is not null and "collections"."weeks_to" is not null
      else "collections"."weeks_from" is not null end);--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_weeks_range" CHECK (coalesce(weeks_from, 1) between 1 and 52 and coalesce(weeks_to, 52) between coalesce(weeks_from, 1) and 52);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weeks_match_availability" CHECK (case "products"."availability_kind"
      when 'in_stock' then "products"."weeks_from" is null and "products"."weeks_to" is null
      when 'made_to_order' then "products"."weeks_from" is not null and "products"."weeks_to" is not null
      else "products"."weeks_from" is not null end);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weeks_range" CHECK (coalesce(weeks_from, 1) between 1 and 52 and coalesce(weeks_to, 52) between coalesce(weeks_from, 1) and 52);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_whole" CHECK ((width_cm is null) = (depth_cm is null) and (width_cm is null) = (height_cm is null) and (seat_height_cm is null or width_cm is not null) and coalesce(least(width_cm, depth_cm, height_cm, seat_height_cm), 1) >= 1 and coalesce(greatest(width_cm, depth_cm, height_cm, seat_height_cm), 1) <= 2000);--> statement-breakpoint
-- A product's options are part of what shoppers browse: their changes are announced like its pictures'.
CREATE TRIGGER product_options_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_options
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
