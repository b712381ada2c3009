import { Heart, ShoppingBag } from "lucide-react";
import type { ItemType } from "../../../domain/shopping-lists";
import {
  itemOrderMessage,
  itemUrl,
  soldItemEnquiryMessage,
  whatsappLink,
  type PricedItem,
} from "../../../domain/whatsapp";
import { addToCart } from "../../features/cart/cart-store";
import { hasLine } from "../../features/list-lines";
import { toggleWishlist, useWishlist } from "../../features/wishlist/wishlist-store";
import { useShell } from "../../lib/use-shell";
import { WhatsAppIcon } from "../ui/brand-icons";

interface Props {
  id: string;
  itemType: ItemType;
  item: PricedItem;
  /**
   * A sold product cannot go into a cart (the server refuses it), so it offers only a
   * WhatsApp enquiry that names the piece and links to it.
   */
  sold?: boolean;
}

const whatsappClass = (large: boolean) =>
  `inline-flex items-center justify-center gap-2 rounded-full bg-[#1f7a4d] text-white hover:bg-[#18663f] ${
    large ? "px-7 py-3.5 text-sm" : "size-10"
  }`;

/** Order on WhatsApp and add to cart; admins see neither (SPEC.md §6). */
export function OrderButtons({ id, itemType, item, sold = false, size = "sm" }: Props & { size?: "sm" | "lg" }) {
  const { viewer, site } = useShell();
  if (viewer?.isAdmin) return null;
  const url = itemUrl(site.publicUrl, itemType, id);
  const large = size === "lg";
  if (sold) {
    return (
      <a
        href={whatsappLink(site.whatsappNumber, soldItemEnquiryMessage(item.name, url))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={large ? undefined : `Ask about ${item.name} on WhatsApp`}
        className={whatsappClass(large)}
      >
        <WhatsAppIcon className={large ? "size-5" : "size-[18px]"} />
        {large && "Ask about this piece"}
      </a>
    );
  }
  return (
    <div className={`flex gap-2 ${large ? "flex-wrap" : ""}`}>
      <a
        href={whatsappLink(site.whatsappNumber, itemOrderMessage(item, url))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={large ? undefined : `Order ${item.name} on WhatsApp`}
        className={whatsappClass(large)}
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

/**
 * The wishlist heart; hidden for admins, and for a sold product unless it is already in
 * the wishlist (the server refuses to add it, but it may be taken out).
 */
export function WishlistHeart({
  id,
  itemType,
  name,
  sold = false,
  className = "",
}: {
  id: string;
  itemType: ItemType;
  name: string;
  sold?: boolean;
  className?: string;
}) {
  const { viewer } = useShell();
  const inList = useWishlist((s) => hasLine(s.lines, id, itemType));
  if (viewer?.isAdmin || (sold && !inList)) return null;
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

/** The detail pages' wishlist toggle, with words; hidden as the heart is. */
export function WishlistToggle({ id, itemType, sold = false }: { id: string; itemType: ItemType; sold?: boolean }) {
  const { viewer } = useShell();
  const inList = useWishlist((s) => hasLine(s.lines, id, itemType));
  if (viewer?.isAdmin || (sold && !inList)) return null;
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
