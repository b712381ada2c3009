/**
 * An item's shopper buttons: Order Now (a link to the order sheet, the step before
 * WhatsApp), add to cart and the wishlist
 * heart (real forms posted to the cart's and wishlist's route actions, so a tap before
 * the scripts arrive is honoured: the server answers with the page again, scrolled back
 * to the item, and says what it did). Once hydrated, a fetcher posts them: the count or
 * heart changes at the tap and the answer shows as a toast.
 */
import { Heart, ShoppingBag } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { ItemType, PricedItem } from "../../../domain/shopping-lists";
import { itemUrl, soldItemEnquiryMessage, whatsappLink } from "../../../domain/whatsapp";
import { ListFields, useItemAnchor, type ListAnswer } from "../../features/lists/list-forms";
import { useInWishlist } from "../../features/lists/use-lists";
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
  /** The product option (finish or fabric) chosen, by id: Order Now and Add to Cart name it. */
  option?: string | null;
  /**
   * How many finishes a card's piece comes in, when none is chosen: its Add to Cart asks
   * which one (a small sheet, or the piece's page before the scripts run) instead of
   * taking the first.
   */
  finishes?: number;
  /**
   * "sm": icons (cards); "lg": words (an item's page); "bar": the phone's sticky order bar,
   * words but for the cart's on narrow screens, and without the anchor a post without
   * scripts comes back to (the page's own buttons hold it).
   */
  size?: "sm" | "lg" | "bar";
}

/** The order sheet for one item (the step before WhatsApp), naming the option chosen, if any. */
export function orderSheetPath(itemType: ItemType, id: string, option?: string | null): string {
  const params = new URLSearchParams({ kind: "item", itemType, itemId: id });
  if (option) params.set("option", option);
  return `/order?${params}`;
}

const whatsappClass = (size: Props["size"]) =>
  `inline-flex items-center justify-center gap-2 rounded-full bg-[#1f7a4d] text-white hover:bg-[#18663f] ${
    size === "lg" ? "px-7 py-3.5 text-sm" : size === "bar" ? "h-11 px-4 text-sm whitespace-nowrap" : "size-10"
  }`;

/** Order on WhatsApp and add to cart; admins see neither (they have no cart). */
export function OrderButtons({ id, itemType, item, sold = false, option = null, finishes = 0, size = "sm" }: Props) {
  const { viewer, site } = useShell();
  const itemAnchor = useItemAnchor(id);
  if (viewer?.isAdmin) return null;
  const url = itemUrl(site.publicUrl, itemType, id);
  const worded = size !== "sm";
  const anchor = size === "bar" ? undefined : itemAnchor;
  if (sold) {
    return (
      <a
        id={anchor}
        href={whatsappLink(site.whatsappNumber, soldItemEnquiryMessage(item.name, url))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={worded ? undefined : `Ask about ${item.name} on WhatsApp`}
        className={`${whatsappClass(size)} scroll-mt-24`}
      >
        <WhatsAppIcon className={worded ? "size-5" : "size-[18px]"} />
        {worded && "Ask about this piece"}
      </a>
    );
  }
  return (
    <div
      id={anchor}
      className={`flex scroll-mt-24 gap-2 ${size === "lg" ? "flex-wrap" : size === "bar" ? "shrink-0" : ""}`}
    >
      <Link
        to={orderSheetPath(itemType, id, option)}
        aria-label={worded ? undefined : `Order ${item.name} on WhatsApp`}
        className={whatsappClass(size)}
      >
        <WhatsAppIcon className={worded ? "size-5" : "size-[18px]"} />
        {worded && "Order Now"}
      </Link>
      {finishes > 0 && !option ? (
        <ChooseFinish id={id} name={item.name} />
      ) : (
        <AddToCart id={id} itemType={itemType} name={item.name} option={option} size={size} />
      )}
    </div>
  );
}

function AddToCart({
  id,
  itemType,
  name,
  option,
  size,
}: {
  id: string;
  itemType: ItemType;
  name: string;
  option: string | null;
  size: NonNullable<Props["size"]>;
}) {
  const fetcher = useFetcher<ListAnswer>();
  const anchor = useItemAnchor(id);
  const shape = size === "lg" ? "px-7 py-3.5 text-sm" : size === "bar" ? "h-11 px-3 text-sm sm:px-5" : "size-10";
  return (
    <fetcher.Form method="post" action="/cart" className="flex">
      <ListFields intent="add" item={{ itemType, itemId: id, option }} quantity={1} back={anchor} />
      <button
        type="submit"
        aria-label={size === "sm" ? `Add ${name} to cart` : undefined}
        className={`inline-flex items-center justify-center gap-2 rounded-full border border-ink hover:bg-ink hover:text-white ${shape}`}
      >
        <ShoppingBag className={size === "sm" ? "size-[18px]" : "size-5"} aria-hidden="true" />
        {size === "lg" && "Add to Cart"}
        {size === "bar" && <span className="max-sm:sr-only">Add to Cart</span>}
      </button>
    </fetcher.Form>
  );
}

/** Loaded the first time a shopper reaches for a card's Add to Cart on a piece with finishes. */
const loadFinishSheet = () => import("./finish-sheet");
const FinishSheet = lazy(loadFinishSheet);

const cardButton =
  "inline-flex size-10 items-center justify-center rounded-full border border-ink hover:bg-ink hover:text-white";

/**
 * A card's Add to Cart for a piece in finishes: it asks which finish. Until the page's
 * scripts run it is a link to the piece's page, where the finish is chosen; once they
 * run, a button opening the finish sheet takes its place (the page's `data-hydrated`
 * mark, as other controls that need scripts do). The sheet's code and the finishes load
 * as the shopper reaches for the button (a pointer over it, focus, or the tap itself),
 * not with the list.
 */
function ChooseFinish({ id, name }: { id: string; name: string }) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const label = `Add ${name} to cart`;
  const icon = <ShoppingBag className="size-[18px]" aria-hidden="true" />;
  const reach = () => {
    void loadFinishSheet();
    setWanted(true);
  };
  return (
    <>
      <Link
        to={`/product/${id}`}
        aria-label={`${label}: choose a finish`}
        className={`${cardButton} [html[data-hydrated]_&]:hidden`}
      >
        {icon}
      </Link>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={reach}
        onFocus={reach}
        onClick={() => {
          reach();
          setOpen(true);
        }}
        className={`${cardButton} [html:not([data-hydrated])_&]:hidden`}
      >
        {icon}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FinishSheet productId={id} name={name} open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** The heart's form: adds the item to the wishlist, or takes it out when it is there. */
function useWishlistToggle(id: string, itemType: ItemType, option: string | null = null) {
  const fetcher = useFetcher<ListAnswer>();
  const inList = useInWishlist(itemType, id);
  const anchor = useItemAnchor(id, "heart");
  const fields = (
    <ListFields intent={inList ? "remove" : "add"} item={{ itemType, itemId: id, option }} back={anchor} />
  );
  // A second tap while the first is on its way is not sent: the two could reach the
  // server in either order and leave the heart other than it shows.
  const sending = fetcher.state === "submitting";
  const guard = {
    "aria-disabled": sending || undefined,
    onClick: (event: React.MouseEvent) => sending && event.preventDefault(),
  };
  return { Form: fetcher.Form, inList, fields, anchor, guard };
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
  const { Form, inList, fields, anchor, guard } = useWishlistToggle(id, itemType);
  if (viewer?.isAdmin || (sold && !inList)) return null;
  return (
    <Form method="post" action="/wishlist" id={anchor} className={`scroll-mt-24 ${className}`}>
      {fields}
      <button
        type="submit"
        {...guard}
        aria-pressed={inList}
        aria-label={inList ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`}
        className="inline-flex size-10 items-center justify-center rounded-full bg-white/90 shadow-sm hover:bg-white"
      >
        <Heart className={`size-[18px] ${inList ? "fill-promo text-promo" : "text-ink"}`} aria-hidden="true" />
      </button>
    </Form>
  );
}

/** The detail pages' wishlist toggle, with words; hidden as the heart is. */
export function WishlistToggle({
  id,
  itemType,
  sold = false,
  option = null,
}: {
  id: string;
  itemType: ItemType;
  sold?: boolean;
  /** The finish chosen on the page: the wishlist keeps the piece in it. */
  option?: string | null;
}) {
  const { viewer } = useShell();
  const { Form, inList, fields, anchor, guard } = useWishlistToggle(id, itemType, option);
  if (viewer?.isAdmin || (sold && !inList)) return null;
  return (
    <Form method="post" action="/wishlist" id={anchor} className="scroll-mt-24">
      {fields}
      <button
        type="submit"
        {...guard}
        aria-pressed={inList}
        className="inline-flex items-center gap-2 rounded-full px-3 py-2.5 text-sm text-stone hover:bg-sand hover:text-ink"
      >
        <Heart className={`size-4 ${inList ? "fill-promo text-promo" : ""}`} aria-hidden="true" />
        {inList ? "In your wishlist" : "Add to wishlist"}
      </button>
    </Form>
  );
}
