CREATE TABLE "backup_plan" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"schedule" jsonb NOT NULL,
	"keep" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_plan_one_row" CHECK ("backup_plan"."id" = 1),
	CONSTRAINT "backup_plan_keep" CHECK ("backup_plan"."keep" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text,
	"password_sealed" text,
	"from_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_settings_one_row" CHECK ("mail_settings"."id" = 1)
);
--> statement-breakpoint
-- A change to either empties every instance's read cache, as a settings change does: the
-- backup schedule plans again and the mailer sends through the new server, without a restart.
CREATE TRIGGER backup_plan_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON backup_plan
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER mail_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mail_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
