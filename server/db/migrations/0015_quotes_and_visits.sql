CREATE TABLE "order_quote_pictures" (
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"media_id" text NOT NULL,
	CONSTRAINT "order_quote_pictures_quote_id_position_pk" PRIMARY KEY("quote_id","position")
);
--> statement-breakpoint
CREATE TABLE "order_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_kobo" bigint DEFAULT 0 NOT NULL,
	"deposit_percent" integer NOT NULL,
	"deposit_percent_set" boolean DEFAULT false NOT NULL,
	"total_kobo" bigint NOT NULL,
	"deposit_due_kobo" bigint NOT NULL,
	"valid_until" date NOT NULL,
	"note" text,
	"lead_time_weeks" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text,
	"approved_at" timestamp with time zone,
	"approved_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_quotes_version_positive" CHECK ("order_quotes"."version" > 0),
	CONSTRAINT "order_quotes_amounts_not_negative" CHECK ("order_quotes"."total_kobo" >= 0 and "order_quotes"."deposit_due_kobo" >= 0 and "order_quotes"."discount_kobo" >= 0),
	CONSTRAINT "order_quotes_deposit_percent_range" CHECK ("order_quotes"."deposit_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needs_revision" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_slots" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_booked_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_quote_pictures" ADD CONSTRAINT "order_quote_pictures_quote_id_order_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."order_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_quote_pictures" ADD CONSTRAINT "order_quote_pictures_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD CONSTRAINT "order_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_quote_pictures_media_idx" ON "order_quote_pictures" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_quotes_version_key" ON "order_quotes" USING btree ("order_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "order_quotes_one_approval_key" ON "order_quotes" USING btree ("order_id") WHERE "order_quotes"."approved_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_needs_revision_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST) WHERE "orders"."needs_revision";--> statement-breakpoint
CREATE INDEX "orders_visit_idx" ON "orders" USING btree ("visit_booked_for") WHERE "orders"."visit_booked_for" is not null and "orders"."visit_reminded_at" is null;