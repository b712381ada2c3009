CREATE TABLE "product_option_images" (
	"option_id" uuid NOT NULL,
	"media_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_option_images_option_id_media_id_pk" PRIMARY KEY("option_id","media_id")
);
--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "price_difference_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_option_images" ADD CONSTRAINT "product_option_images_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_images" ADD CONSTRAINT "product_option_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_option_images_order_idx" ON "product_option_images" USING btree ("option_id","position");--> statement-breakpoint
CREATE INDEX "product_option_images_media_idx" ON "product_option_images" USING btree ("media_id");--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_price_difference_range" CHECK ("product_options"."price_difference_kobo" >= 0);--> statement-breakpoint
-- A finish's photos are catalogue reads too: a change empties every instance's cache.
CREATE TRIGGER product_option_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_option_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
