ALTER TABLE "collections" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Shops that loaded the demo catalogue before it was marked: mark its rows now, so that
-- "Remove demo catalogue" finds them. The demo was loaded in one transaction, together
-- with the app_meta 'demo_catalog' marker, so PostgreSQL stamped every row it wrote with
-- that transaction's time (now()): the marker's updated_at, the items' updated_at and the
-- pictures' created_at. An item is marked when it has a demo name, was created no later
-- than the marker's loadedAt, and still carries that exact time: written by the demo's
-- load (an owner's item, even one named like a demo item, was written at another time)
-- and not changed since (every save moves updated_at). When unsure it stays the owner's:
-- a demo item the owner edited, or whose collection changed, is kept, just as a save
-- through the admin now makes a demo item the owner's. A shop whose marker says the demo
-- was skipped (it already had products) has no demo rows.
UPDATE products SET demo = true
FROM app_meta AS marker
WHERE marker.key = 'demo_catalog' AND (marker.value->>'skipped') IS DISTINCT FROM 'true'
  AND products.updated_at = marker.updated_at
  AND products.created_at <= (marker.value->>'loadedAt')::timestamptz
  AND products.name IN (
    'Lekki Three-Seater Sofa',
    'Ikoyi L-Shaped Sectional',
    'Maitama Chesterfield Sofa',
    'Ebony Custom Modular Sofa',
    'Calm Linen Two-Seater',
    'Banana Island Velvet Sofa',
    'Agege Family Sofa Set',
    'Victoria Island Lounge Sofa',
    'Osun Wingback Armchair',
    'Yaba Lounge Chair',
    'Oyo Rattan Accent Chair',
    'Blush Shell Armchair',
    'Serene Bouclé Armchair',
    'Jos Plateau Recliner',
    'Emir Throne Chair',
    'Surulere Reading Chair',
    'Asokoro King Bed',
    'Gbagada Platform Bed',
    'Amara Upholstered Bed',
    'Nordic Calm Bed',
    'Ivory Tufted Bedroom Set',
    'Enugu Hardwood Bed',
    'Lagoon Storage Bed',
    'Kaduna Canopy Bed',
    'Owambe Eight-Seater Dining Set',
    'Abeokuta Round Dining Table',
    'Marble Top Dining Set',
    'Workshop Iroko Dining Table',
    'Pure Dining Set for Four',
    'Harmony Six-Seater Dining Set',
    'Ibadan Bistro Set',
    'Palace Banquet Table',
    'Travertine Coffee Table',
    'Lekki Nesting Tables',
    'Gold Leaf Center Table',
    'Carved Mahogany Center Table',
    'Live-Edge Iroko Coffee Table',
    'Drum Coffee Table',
    'Glass Oval Coffee Table',
    'Zen Low Table',
    'Victoria Three-Door Wardrobe',
    'Regal Armoire',
    'Walk-In Wardrobe System',
    'Mirror Sliding Wardrobe',
    'Quiet Oak Wardrobe',
    'Ikeja Kids Wardrobe',
    'Teak Four-Door Wardrobe',
    'Lagos Loft Wardrobe',
    'Floating Media Console',
    'Fluted Oak TV Unit',
    'Gilded Entertainment Unit',
    'Heritage TV Cabinet',
    'Low Line TV Bench',
    'Full Wall Media Unit',
    'Compact TV Stand',
    'Abuja Slatted TV Unit',
    'Kano Hand-Woven Rug',
    'Persian Medallion Carpet',
    'Shaggy Cloud Rug',
    'Striped Flatweave Rug',
    'Natural Jute Rug',
    'Abstract Wool Rug',
    'Round Medallion Rug',
    'Runner for Hallways'
  );
--> statement-breakpoint
UPDATE collections SET demo = true
FROM app_meta AS marker
WHERE marker.key = 'demo_catalog' AND (marker.value->>'skipped') IS DISTINCT FROM 'true'
  AND collections.updated_at = marker.updated_at
  AND collections.created_at <= (marker.value->>'loadedAt')::timestamptz
  AND collections.name IN (
    'The Lekki Living Collection',
    'Royal Maitama Lounge',
    'Terracotta Living Set',
    'Blush & Gold Lounge',
    'Quiet Home Essentials',
    'Workshop Made Living',
    'Asokoro Master Suite',
    'Modern Bedroom Suite',
    'Glam Dining Experience',
    'Contemporary Family Dining'
  );
--> statement-breakpoint
UPDATE projects SET demo = true
FROM app_meta AS marker
WHERE marker.key = 'demo_catalog' AND (marker.value->>'skipped') IS DISTINCT FROM 'true'
  AND projects.updated_at = marker.updated_at
  AND projects.created_at <= (marker.value->>'loadedAt')::timestamptz
  AND projects.title IN (
    'Banana Island Family Residence',
    'Maitama Diplomat''s Home',
    'Lekki Phase 1 Duplex',
    'GRA Port Harcourt Apartment',
    'Victoria Island Fintech Office',
    'Wuse II Law Chambers',
    'Ikeja Co-working Hub',
    'Eko Boutique Hotel Lobby',
    'Calabar Riverside Restaurant',
    'Enugu Hillside Lodge',
    'Surulere Kitchen Renovation',
    'Ibadan Heritage House Restoration'
  );
--> statement-breakpoint
-- The demo's pictures: drawn in the same transaction. One still shown by an item that
-- stays is kept when the demo is removed.
UPDATE media SET demo = true
FROM app_meta AS marker
WHERE marker.key = 'demo_catalog' AND (marker.value->>'skipped') IS DISTINCT FROM 'true'
  AND media.created_at = marker.updated_at;
