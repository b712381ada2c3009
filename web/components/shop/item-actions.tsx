import { Heart, ShoppingBag } from "lucide-react";
import type { ItemType } from "../../../domain/shopping-lists";
import { itemOrderMessage, itemUrl, whatsappLink, type PricedItem } from "../../../domain/whatsapp";
import { addToCart } from "../../features/cart/cart-store";
import { hasLine } from "../../features/list-lines";
import { toggleWishlist, useWishlist } from "../../features/wishlist/wishlist-store";
import { useShell } from "../../lib/use-shell";
import { WhatsAppIcon } from "../ui/brand-icons";

interface Props {
  id: string;
  itemType: ItemType;
  item: PricedItem;
}

/** Order on WhatsApp and add to cart; admins see neither (SPEC.md §6). */
export function OrderButtons({ id, itemType, item, size = "sm" }: Props & { size?: "sm" | "lg" }) {
  const { viewer, site } = useShell();
  if (viewer?.isAdmin) return null;
  const orderLink = whatsappLink(site.whatsappNumber, itemOrderMessage(item, itemUrl(site.publicUrl, itemType, id)));
  const large = size === "lg";
  return (
    <div className={`flex gap-2 ${large ? "flex-wrap" : ""}`}>
      <a
        href={orderLink}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={large ? undefined : `Order ${item.name} on WhatsApp`}
        className={`inline-flex items-center justify-center gap-2 rounded-full bg-[#1f7a4d] text-white hover:bg-[#18663f] ${
          large ? "px-7 py-3.5 text-sm" : "size-10"
        }`}
      >
        <WhatsAppIcon className={large ? "size-5" : "size-[18px]"} />
        {large && "Order Now"}
      </a>
      <button
        type="button"
        onClick={() => void addToCart(id, itemType, 1)}
        aria-label={large ? undefined : `Add ${item.name} to cart`}
        className={`inline-flex items-center justify-center gap-2 rounded-full border border-ink hover:bg-ink hover:text-white ${
          large ? "px-7 py-3.5 text-sm" : "size-10"
        }`}
      >
        <ShoppingBag className={large ? "size-5" : "size-[18px]"} aria-hidden="true" />
        {large && "Add to Cart"}
      </button>
    </div>
  );
}

/** The wishlist heart; hidden for admins. */
export function WishlistHeart({
  id,
  itemType,
  name,
  className = "",
}: {
  id: string;
  itemType: ItemType;
  name: string;
  className?: string;
}) {
  const { viewer } = useShell();
  const inList = useWishlist((s) => hasLine(s.lines, id, itemType));
  if (viewer?.isAdmin) return null;
  return (
    <button
      type="button"
      onClick={() => void toggleWishlist(id, itemType)}
      aria-pressed={inList}
      aria-label={inList ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`}
      className={`inline-flex size-10 items-center justify-center rounded-full bg-white/90 shadow-sm hover:bg-white ${className}`}
    >
      <Heart className={`size-[18px] ${inList ? "fill-promo text-promo" : "text-ink"}`} aria-hidden="true" />
    </button>
  );
}

/** The detail pages' wishlist toggle, with words; hidden for admins. */
export function WishlistToggle({ id, itemType }: { id: string; itemType: ItemType }) {
  const { viewer } = useShell();
  const inList = useWishlist((s) => hasLine(s.lines, id, itemType));
  if (viewer?.isAdmin) return null;
  return (
    <button
      type="button"
      onClick={() => void toggleWishlist(id, itemType)}
      aria-pressed={inList}
      className="inline-flex items-center gap-2 rounded-full px-4 py-2.5 text-sm text-stone hover:bg-sand hover:text-ink"
    >
      <Heart className={`size-4 ${inList ? "fill-promo text-promo" : ""}`} aria-hidden="true" />
      {inList ? "In your wishlist" : "Add to wishlist"}
    </button>
  );
}
