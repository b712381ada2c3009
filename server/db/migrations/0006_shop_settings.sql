CREATE TABLE "shop_pictures" (
	"slot" text NOT NULL,
	"position" integer NOT NULL,
	"media_id" text NOT NULL,
	CONSTRAINT "shop_pictures_slot_position_pk" PRIMARY KEY("slot","position")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "shop_pictures" ADD CONSTRAINT "shop_pictures_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- A change to the settings empties every instance's read cache, as a catalogue change does.
CREATE TRIGGER shop_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER shop_pictures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_pictures
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
