import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LeftOut } from "../../../domain/orders/order-preview";
import type { ItemType, ListItem } from "../../../domain/shopping-lists";
import { itemPath, itemUrl, soldItemEnquiryMessage, whatsappLink } from "../../../domain/whatsapp";
import { useShell } from "../../lib/use-shell";
import { WhatsAppIcon } from "../ui/brand-icons";
import { ResponsiveImage } from "../ui/responsive-image";
import { Price } from "../shop/price";

/** The element a line's posts come back to without scripts. */
export const lineAnchor = (lineId: string) => `line-${lineId}`;

/**
 * One line of the cart or wishlist: picture and name linking to the item, its kind, the
 * option chosen (its picture shown) and current price, a remove button (a form the list gives as `removeForm`, named after the
 * list); `actions` are the list's own. A sold item has no price and none of the list's
 * actions: the line says it is sold and offers to ask about the piece on WhatsApp. A cart
 * line the order would leave out for its finish says so, with only its remove button. A
 * line being changed looks quieter until the server's copy arrives.
 */
export function LineItem({
  lineId,
  item,
  itemType,
  option,
  details,
  leftOut = details.sold ? "sold" : null,
  actions,
  removeForm,
  busy = false,
}: {
  lineId: string;
  item: string;
  itemType: ItemType;
  /** The option the line chose, by id: its page opens with it chosen. */
  option: string | null;
  details: ListItem;
  /** Why an order would leave the line out (the cart's preview says), if it would. */
  leftOut?: LeftOut | null;
  /** Shown unless the line is left out. */
  actions: ReactNode;
  /** Renders the remove form around its button. */
  removeForm(button: ReactNode): ReactNode;
  busy?: boolean;
}) {
  const href = itemPath(itemType, item) + (option ? `?option=${option}` : "");
  return (
    <li
      id={lineAnchor(lineId)}
      aria-busy={busy || undefined}
      className={`flex scroll-mt-24 gap-4 py-6 transition-opacity sm:gap-6 ${busy ? "opacity-60" : ""}`}
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="aspect-[4/3] w-24 shrink-0 self-start overflow-hidden rounded-sm bg-sand sm:w-36"
      >
        <ResponsiveImage
          image={details.image}
          alt=""
          sizes="(min-width: 640px) 144px, 96px"
          className={`size-full object-cover ${leftOut ? "opacity-70 saturate-50" : ""}`}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs tracking-[0.14em] text-stone uppercase">{itemType}</p>
            <h3 className="mt-1 font-serif text-lg leading-snug">
              <Link to={href} className="break-words hover:underline hover:underline-offset-4">
                {details.name}
              </Link>
            </h3>
            {details.optionName && <p className="mt-0.5 text-sm text-stone">Finish: {details.optionName}</p>}
            <div className="mt-1 min-h-6">
              {leftOut === "sold" ? (
                <p className="text-sm text-stone">
                  <span className="font-medium text-ink">Sold</span>, no longer available
                </p>
              ) : leftOut === "option" ? (
                <p className="text-sm text-stone">No longer offered in this finish: remove it and choose another</p>
              ) : (
                <Price price={details.price} discountedPrice={details.discountedPrice} isPromo={details.isPromo} />
              )}
            </div>
          </div>
          {removeForm(<X className="size-5" aria-hidden="true" />)}
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-3">
          {leftOut === "sold" ? (
            <AskAboutPiece name={details.name} itemType={itemType} item={item} />
          ) : leftOut ? null : (
            actions
          )}
        </div>
      </div>
    </li>
  );
}

/** A sold piece's WhatsApp enquiry: the message names it and links to it. */
function AskAboutPiece({ name, itemType, item }: { name: string; itemType: ItemType; item: string }) {
  const { site } = useShell();
  const message = soldItemEnquiryMessage(name, itemUrl(site.publicUrl, itemType, item));
  return (
    <a
      href={whatsappLink(site.whatsappNumber, message)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm hover:border-ink"
    >
      <WhatsAppIcon className="size-[18px] text-[#1f7a4d]" />
      Ask about this piece
      <span className="sr-only">{`: ${name}, on WhatsApp`}</span>
    </a>
  );
}

/** The remove button's look: a quiet round icon at the line's corner. */
export const removeButtonClass =
  "-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink";
