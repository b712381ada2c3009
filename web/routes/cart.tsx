import { ShoppingBag, Trash2 } from "lucide-react";
import { useRef } from "react";
import { Link, redirect } from "react-router";
import { CartLineRow } from "../components/lists/cart-line";
import { EmptyList, itemsText, LinesSkeleton, ListPage } from "../components/lists/list-layout";
import { OrderSummary, OrderSummarySkeleton } from "../components/lists/order-summary";
import { preloadConfirm, useConfirm } from "../components/lists/use-confirm";
import { cartCount, clearCart, useCart } from "../features/cart/cart-store";
import { useItemDetails } from "../features/item-details";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/cart";

/** Admins have no cart (SPEC.md §6). The lines live in the browser or its cookie, so the server renders the frame. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer?.isAdmin) throw redirect("/admin/dashboard");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Your Shopping Cart",
    description: "The pieces you have chosen, ready to order on WhatsApp.",
    path: "/cart",
    noindex: true,
  });

const grid = "grid gap-10 lg:grid-cols-12 lg:items-start";

export default function CartPage() {
  const ready = useCart((s) => s.ready);
  const lines = useCart((s) => s.lines);
  const heading = useRef<HTMLHeadingElement>(null);
  const { ask, dialog } = useConfirm(heading);
  const view = useItemDetails(ready ? lines : []);

  return (
    <ListPage
      title="Your Shopping Cart"
      count={ready ? (lines.length ? itemsText(cartCount(lines)) : "") : null}
      headingRef={heading}
    >
      {!ready ? (
        <div className={grid}>
          <div className="lg:col-span-8">
            <LinesSkeleton />
          </div>
          <OrderSummarySkeleton />
        </div>
      ) : lines.length === 0 ? (
        <EmptyList
          message="Your cart is empty."
          to="/shop"
          label="Start shopping!"
          icon={<ShoppingBag className="size-6" aria-hidden="true" />}
        />
      ) : (
        <div className={grid}>
          <section aria-labelledby="cart-lines" className="lg:col-span-8">
            <h2 id="cart-lines" className="sr-only">
              Items in your cart
            </h2>
            <ul className="divide-y divide-line border-y border-line">
              {lines.map((line) => (
                <CartLineRow
                  key={`${line.itemType}:${line.item}`}
                  line={line}
                  view={view(line)}
                  ask={ask}
                  listHeading={heading}
                />
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
              <Link
                to="/shop"
                className="rounded-full py-2 text-stone underline-offset-4 hover:text-ink hover:underline"
              >
                Continue shopping
              </Link>
              <button
                type="button"
                aria-haspopup="dialog"
                onPointerEnter={preloadConfirm}
                onFocus={preloadConfirm}
                onClick={(event) =>
                  ask(
                    {
                      title: "Clear your cart?",
                      description: "Every item will be removed from your cart.",
                      confirmLabel: "Clear Cart",
                      cancelLabel: "Keep my items",
                      onConfirm: () => void clearCart(),
                    },
                    event.currentTarget,
                  )
                }
                className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-stone hover:bg-sand hover:text-ink"
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Clear Cart
              </button>
            </div>
          </section>
          <OrderSummary lines={lines} view={view} />
        </div>
      )}
      {dialog}
    </ListPage>
  );
}
