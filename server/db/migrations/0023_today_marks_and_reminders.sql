CREATE TABLE "order_reminders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"about" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "today_marks" (
	"entry_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"snoozed_until" timestamp with time zone,
	"snoozed_at" timestamp with time zone,
	"snoozed_by" text,
	CONSTRAINT "today_marks_done_whole" CHECK (("today_marks"."done_at" is null) = ("today_marks"."done_by" is null)),
	CONSTRAINT "today_marks_snooze_whole" CHECK (("today_marks"."snoozed_until" is null) = ("today_marks"."snoozed_by" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_token" text DEFAULT (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
ALTER TABLE "order_reminders" ADD CONSTRAINT "order_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "today_marks_kind_idx" ON "today_marks" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reminder_token_key" ON "orders" USING btree ("reminder_token");