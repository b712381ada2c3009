/**
 * The cart (docs/product.md, Cart and wishlist; Ordering on WhatsApp). The loader reads
 * the visitor's lines as the cart's order would take them, in process: the server's
 * preview of the order, with its total (ordering goes through the order sheet, /order).
 * The action takes every change to the cart (from this page, and Add to Cart on any
 * page), so each works without scripts.
 */
import { ShoppingBag, Trash2 } from "lucide-react";
import { Link, redirect, useFetcher } from "react-router";
import { z } from "zod";
import { CartAddSchema, CartQuantitySchema, CartRemoveSchema } from "../../domain/shopping-lists.schema";
import { cartCount } from "../../domain/shopping-lists";
import { ConfirmDialog } from "../components/form/confirm-dialog";
import { CartLineRow } from "../components/lists/cart-line";
import { EmptyList, itemsText, ListPage, VanishedNotice } from "../components/lists/list-layout";
import { OrderBar, OrderSummary } from "../components/lists/order-summary";
import type { ShellHandle } from "../components/shell/chat-link";
import { addedToCart, answerListChange, unknownIntent } from "../features/lists/list-action.server";
import { CART_FAILURES, ListFields, sayListAnswers, type ListAnswer } from "../features/lists/list-forms";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/cart";

/** The cart's own order button goes to WhatsApp: the shell's chat link would only compete with it. */
export const handle: ShellHandle = { hideChatButton: true };

/**
 * Admins have no cart. The lines, what of them can be ordered and the total are the
 * order's preview: what placing the cart's order would record now.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer?.isAdmin) throw redirect("/admin/dashboard");
  const [{ lines, vanished, count, total, left, delivery, grandTotal }, chosen] = await Promise.all([
    context.orders.preview({ kind: "cart" }),
    context.delivery.choice(),
  ]);
  return { lines, vanished, totals: { count, total, left, delivery, chosen, grandTotal } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { lists } = context;
  switch (formData.get("intent")) {
    case "add":
      return answerListChange(request, formData, CartAddSchema, async (item) => {
        await lists.addToCart(item);
        return addedToCart(context.catalog, item);
      });
    case "quantity":
      return answerListChange(request, formData, CartQuantitySchema, async (item) => {
        await lists.setCartQuantity(item);
        return null;
      });
    case "remove":
      return answerListChange(request, formData, CartRemoveSchema, async (item) => {
        await lists.removeFromCart(item);
        return { kind: "success", message: "Item removed from cart!" };
      });
    case "clear":
      return answerListChange(request, formData, z.object({}), async () => {
        await lists.clearCart();
        return { kind: "success", message: "Cart cleared!" };
      });
    default:
      return unknownIntent(request, formData);
  }
}

/** Every list change's answer shows as a toast; one that never reached the shop says so. */
export const clientAction = sayListAnswers(CART_FAILURES);

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Your Shopping Cart",
    description: "The pieces you have chosen, ready to order on WhatsApp.",
    path: "/cart",
    noindex: true,
  });

const grid = "grid gap-10 lg:grid-cols-12 lg:items-start";

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { lines, vanished, totals } = loaderData;
  const clear = useFetcher<ListAnswer>();
  const cleared = clear.formData !== undefined;
  const shown = cleared ? [] : lines;

  return (
    <ListPage
      title="Your Shopping Cart"
      count={shown.length ? itemsText(cartCount(shown)) : ""}
      lineCount={shown.length}
    >
      <VanishedNotice count={vanished} list="cart" />
      {shown.length === 0 ? (
        <EmptyList
          message="Your cart is empty."
          to="/shop"
          label="Start shopping!"
          icon={<ShoppingBag className="size-6" aria-hidden="true" />}
        />
      ) : (
        // The order bar's own box: it stays in reach while the lines and the summary scroll by.
        <div>
          <div className={grid}>
            <section aria-labelledby="cart-lines" className="lg:col-span-8">
              <h2 id="cart-lines" className="sr-only">
                Items in your cart
              </h2>
              <ul className="divide-y divide-line border-y border-line">
                {shown.map((line) => (
                  <CartLineRow key={line._id} line={line} />
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
                <Link
                  to="/shop"
                  className="rounded-full py-2 text-stone underline-offset-4 hover:text-ink hover:underline"
                >
                  Continue shopping
                </Link>
                <ConfirmDialog
                  name="clear-cart"
                  trigger={
                    <>
                      <Trash2 className="size-4" aria-hidden="true" />
                      Clear Cart
                    </>
                  }
                  triggerClassName="inline-flex items-center gap-2 rounded-full px-4 py-2 text-stone hover:bg-sand hover:text-ink"
                  title="Clear your cart?"
                  question="Every item will be removed from your cart."
                  confirmLabel="Clear Cart"
                  pendingLabel="Clearing…"
                  form={({ children, className }) => (
                    <clear.Form method="post" action="/cart" className={className}>
                      <ListFields intent="clear" />
                      {children}
                    </clear.Form>
                  )}
                />
              </div>
            </section>
            <OrderSummary {...totals} />
          </div>
          <OrderBar count={totals.count} total={totals.grandTotal} />
        </div>
      )}
    </ListPage>
  );
}
