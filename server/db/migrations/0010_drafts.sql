CREATE TYPE "public"."item_status" AS ENUM('draft', 'published');--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "status" "item_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" "item_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status" "item_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
DROP INDEX "collections_newest_idx";--> statement-breakpoint
DROP INDEX "collections_style_newest_idx";--> statement-breakpoint
DROP INDEX "collections_effective_price_idx";--> statement-breakpoint
DROP INDEX "collections_promo_idx";--> statement-breakpoint
DROP INDEX "collections_best_seller_idx";--> statement-breakpoint
DROP INDEX "collections_foreign_idx";--> statement-breakpoint
DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "products_category_newest_idx";--> statement-breakpoint
DROP INDEX "products_style_newest_idx";--> statement-breakpoint
DROP INDEX "products_effective_price_idx";--> statement-breakpoint
DROP INDEX "products_promo_idx";--> statement-breakpoint
DROP INDEX "products_best_seller_idx";--> statement-breakpoint
DROP INDEX "products_foreign_idx";--> statement-breakpoint
DROP INDEX "projects_newest_idx";--> statement-breakpoint
DROP INDEX "projects_category_newest_idx";--> statement-breakpoint
CREATE INDEX "collections_newest_idx" ON "collections" USING btree ("created_at","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "collections_style_newest_idx" ON "collections" USING btree ("style","created_at") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "collections_effective_price_idx" ON "collections" USING btree ("effective_price_kobo") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "collections_promo_idx" ON "collections" USING btree ("created_at") WHERE "collections"."is_promo" and status = 'published';--> statement-breakpoint
CREATE INDEX "collections_best_seller_idx" ON "collections" USING btree ("created_at") WHERE "collections"."is_best_seller" and status = 'published';--> statement-breakpoint
CREATE INDEX "collections_foreign_idx" ON "collections" USING btree ("created_at") WHERE "collections"."is_foreign" and status = 'published';--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category","created_at") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_style_newest_idx" ON "products" USING btree ("style","created_at") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_effective_price_idx" ON "products" USING btree ("effective_price_kobo") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_promo_idx" ON "products" USING btree ("created_at") WHERE "products"."is_promo" and status = 'published';--> statement-breakpoint
CREATE INDEX "products_best_seller_idx" ON "products" USING btree ("created_at") WHERE "products"."is_best_seller" and status = 'published';--> statement-breakpoint
CREATE INDEX "products_foreign_idx" ON "products" USING btree ("created_at") WHERE "products"."is_foreign" and status = 'published';--> statement-breakpoint
CREATE INDEX "projects_newest_idx" ON "projects" USING btree ("created_at","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "projects_category_newest_idx" ON "projects" USING btree ("category","created_at") WHERE status = 'published';