import type { Product } from "../../../domain/catalog/catalog.types";
import { percentOff } from "../../../domain/money";
import { ResponsiveImage } from "../ui/responsive-image";
import { Price } from "./price";

export const PRODUCT_GRID_SIZES = "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";

export function ProductCard({ product }: { product: Product }) {
  return (
    <article className="group" data-testid="product-card">
      <div className="relative overflow-hidden rounded-sm bg-sand">
        <ResponsiveImage
          image={product.images[0]}
          alt={product.name}
          sizes={PRODUCT_GRID_SIZES}
          className="aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-[1.03]"
        />
        {product.isPromo && product.discountedPrice !== null && (
          <span className="absolute top-3 left-3 rounded-full bg-promo px-2.5 py-1 text-xs font-medium text-white">
            -{percentOff(product.price, product.discountedPrice)}%
          </span>
        )}
        {product.sold && (
          <span className="absolute top-3 right-3 rounded-full bg-ink/85 px-2.5 py-1 text-xs text-white">Sold</span>
        )}
      </div>
      <div className="mt-3 space-y-1">
        <p className="text-xs tracking-[0.14em] text-stone uppercase">
          {product.style}
          {product.collectionId ? ` · ${product.collectionId.name}` : ""}
        </p>
        <h3 className="font-serif text-lg leading-snug">{product.name}</h3>
        <Price price={product.price} discountedPrice={product.discountedPrice} isPromo={product.isPromo} />
      </div>
    </article>
  );
}
