/**
 * schema.org data for search engines (JSON-LD): a product or collection with its offer in
 * NGN, and the business itself as the owner describes it in Settings.
 */
import { effectivePrice, type Priced } from "../../domain/money";
import type { SiteConfig } from "../../domain/load-context";
import type { ImageRef } from "../../domain/catalog/catalog.types";

interface Offered extends Priced {
  name: string;
  description: string;
  sold?: boolean;
  images: ImageRef[];
}

export function productJsonLd(site: SiteConfig | undefined, item: Offered, path: string, plainDescription: string) {
  const origin = site?.publicUrl ?? "";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.name,
    description: plainDescription,
    image: item.images.map((image) => origin + image.url),
    url: origin + path,
    brand: { "@type": "Brand", name: site?.shopName },
    offers: {
      "@type": "Offer",
      url: origin + path,
      priceCurrency: "NGN",
      price: effectivePrice(item).toFixed(2),
      availability: item.sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      seller: { "@type": "Organization", name: site?.shopName },
    },
  };
}

/** The business: its name, description, contact details and social profiles. */
export function storeJsonLd(site: SiteConfig) {
  return {
    "@context": "https://schema.org",
    "@type": "FurnitureStore",
    name: site.shopName,
    description: site.description,
    url: site.publicUrl + "/",
    telephone: site.phone,
    email: site.email,
    address: site.address,
    openingHours: site.hours === "24/7" ? "Mo-Su 00:00-23:59" : undefined,
    sameAs: [site.instagramUrl, ...site.socialLinks.map((link) => link.url)].filter(Boolean),
  };
}
