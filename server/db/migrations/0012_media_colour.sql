ALTER TABLE "media" ADD COLUMN "colour" text;--> statement-breakpoint
-- Pictures stored before this column are left null here: sharp computes theirs, once, in
-- the background after the next start (server/modules/media/media-colours.ts).
COMMENT ON COLUMN "media"."colour" IS 'dominant colour #rrggbb, shown while the picture loads';
