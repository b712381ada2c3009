CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"provider" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"checkout_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"created_by" text,
	"held_amount_kobo" bigint,
	"held_currency" text,
	"held_reason" text,
	"resolution" text,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_amount_positive" CHECK ("payment_requests"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"bank_name" text,
	"account_name" text,
	"account_number" text,
	"paystack_mode" text,
	"paystack_public_key" text,
	"paystack_secret" text,
	"flutterwave_mode" text,
	"flutterwave_secret" text,
	"flutterwave_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_one_row" CHECK ("payment_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "transfer_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"note" text,
	"receipt_media_id" text,
	"status" text DEFAULT 'to_confirm' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_notices_amount_positive" CHECK ("transfer_notices"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "fee_kobo" bigint;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "receipt_token" text DEFAULT (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "written_off_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_notices" ADD CONSTRAINT "transfer_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_notices" ADD CONSTRAINT "transfer_notices_receipt_media_id_media_id_fk" FOREIGN KEY ("receipt_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_notices" ADD CONSTRAINT "transfer_notices_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_waiting_idx" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_reference_key" ON "payment_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_requests_order_idx" ON "payment_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_pending_idx" ON "payment_requests" USING btree ("last_checked_at") WHERE "payment_requests"."status" = 'pending' and "payment_requests"."provider" is not null;--> statement-breakpoint
CREATE INDEX "transfer_notices_order_idx" ON "transfer_notices" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_notices_waiting_idx" ON "transfer_notices" USING btree ("created_at") WHERE "transfer_notices"."status" = 'to_confirm';--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_provider_reference_key" ON "order_payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_receipt_token_key" ON "order_payments" USING btree ("receipt_token");