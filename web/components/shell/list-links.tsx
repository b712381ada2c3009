import { Heart, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { useCartCount, useWishlistKeys } from "../../features/lists/use-lists";
import { CountBadge } from "./count-badge";

/** The header's wishlist and cart links with their counts (large screens; phones have the bottom bar's). */
export function HeaderListLinks({ className }: { className: string }) {
  const cart = useCartCount();
  const wishlist = useWishlistKeys().size;
  return (
    <>
      <Link to="/wishlist" className={`${className} max-lg:hidden`}>
        <Heart className="size-5" aria-hidden="true" />
        <span className="sr-only">Wishlist</span>
        <CountBadge count={wishlist} />
      </Link>
      <Link to="/cart" className={`${className} max-lg:hidden`}>
        <ShoppingBag className="size-5" aria-hidden="true" />
        <span className="sr-only">Cart</span>
        <CountBadge count={cart} />
      </Link>
    </>
  );
}
