CREATE TABLE "staff_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_id" uuid,
	"by_name" text NOT NULL,
	"area" text NOT NULL,
	"item" text NOT NULL,
	"item_label" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_user_id_idx" ON "staff_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "journal_entries_at_idx" ON "journal_entries" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_entries_item_idx" ON "journal_entries" USING btree ("area","item","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_entries_by_idx" ON "journal_entries" USING btree ("by_id","at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_assignee_idx" ON "orders" USING btree ("assignee_id") WHERE "orders"."assignee_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_status_known" CHECK ("users"."staff_status" in ('invited', 'active', 'suspended'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_roles_known" CHECK ("users"."staff_roles" <@ array['owner', 'sales', 'workshop', 'accounts', 'catalogue']::text[]);--> statement-breakpoint
-- Every admin until now was the one owner of the shop: each becomes an active owner.
UPDATE "users" SET "staff_roles" = array['owner']::text[], "staff_status" = 'active' WHERE "role" = 'admin';
