/**
 * The wishlist (docs/product.md, Cart and wishlist). The loader reads the visitor's lines
 * with their items, in process; the action takes every change to the wishlist (from this
 * page, and the hearts on any page), so each works without scripts. Add to Cart here
 * moves the item: into the cart with quantity 1, then out of the wishlist.
 */
import { Heart, Trash2 } from "lucide-react";
import { Link, redirect, useFetcher } from "react-router";
import { z } from "zod";
import { WishlistAddSchema, WishlistRemoveSchema } from "../../domain/shopping-lists.schema";
import { ConfirmDialog } from "../components/form/confirm-dialog";
import { EmptyList, itemsText, ListPage, VanishedNotice } from "../components/lists/list-layout";
import { WishlistLineRow } from "../components/lists/wishlist-line";
import { answerListChange, unknownIntent, addedToCart } from "../features/lists/list-action.server";
import { ListFields, sayListAnswers, WISHLIST_FAILURES, type ListAnswer } from "../features/lists/list-forms";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/wishlist";

/** Admins have no wishlist. */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer?.isAdmin) throw redirect("/admin/dashboard");
  return context.lists.readWishlist();
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { lists } = context;
  switch (formData.get("intent")) {
    case "add":
      return answerListChange(request, formData, WishlistAddSchema, async (item) => {
        const { added } = await lists.addToWishlist(item);
        return added
          ? { kind: "success", message: "Item added to wishlist!" }
          : { kind: "info", message: "Item already in wishlist." };
      });
    case "remove":
      return answerListChange(request, formData, WishlistRemoveSchema, async (item) => {
        await lists.removeFromWishlist(item);
        return { kind: "success", message: "Item removed from wishlist!" };
      });
    case "move":
      // Into the cart in the finish the line was kept in.
      return answerListChange(request, formData, WishlistAddSchema, async (item) => {
        await lists.moveToCart(item);
        return addedToCart(context.catalog, item);
      });
    case "clear":
      return answerListChange(request, formData, z.object({}), async () => {
        await lists.clearWishlist();
        return { kind: "success", message: "Wishlist cleared!" };
      });
    default:
      return unknownIntent(request, formData);
  }
}

/** Every list change's answer shows as a toast; one that never reached the shop says so. */
export const clientAction = sayListAnswers(WISHLIST_FAILURES);

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Your Wishlist",
    description: "The pieces you have saved for later.",
    path: "/wishlist",
    noindex: true,
  });

const grid = "grid gap-10 lg:grid-cols-12 lg:items-start";
const summaryBox = "rounded-3xl bg-sand p-6 sm:p-8 lg:sticky lg:top-24 lg:col-span-4";

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { lines, vanished } = loaderData;
  const clear = useFetcher<ListAnswer>();
  const shown = clear.formData !== undefined ? [] : lines;

  return (
    <ListPage title="Your Wishlist" count={shown.length ? itemsText(shown.length) : ""} lineCount={shown.length}>
      <VanishedNotice count={vanished} list="wishlist" />
      {shown.length === 0 ? (
        <EmptyList
          message="Your wishlist is empty."
          to="/shop"
          label="Continue Shopping"
          icon={<Heart className="size-6" aria-hidden="true" />}
        />
      ) : (
        <div className={grid}>
          <section aria-labelledby="wishlist-lines" className="lg:col-span-8">
            <h2 id="wishlist-lines" className="sr-only">
              Items in your wishlist
            </h2>
            <ul className="divide-y divide-line border-y border-line">
              {shown.map((line) => (
                <WishlistLineRow key={line._id} line={line} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="wishlist-summary" className={summaryBox}>
            <h2 id="wishlist-summary" className="font-serif text-2xl">
              Summary
            </h2>
            <p className="mt-6 flex justify-between border-b border-line pb-4 text-sm">
              <span className="text-stone">Total items</span>
              <span className="font-medium">{shown.length}</span>
            </p>
            <Link
              to="/shop"
              className="mt-6 flex h-12 items-center justify-center rounded-full bg-ink text-sm text-white hover:bg-ink/90"
            >
              Continue Shopping
            </Link>
            <ConfirmDialog
              name="clear-wishlist"
              trigger={
                <>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Clear Wishlist
                </>
              }
              triggerClassName="mt-3 flex h-12 w-full items-center justify-center gap-2 rounded-full border border-ink text-sm hover:bg-white"
              title="Clear your wishlist?"
              question="Every item will be removed from your wishlist."
              confirmLabel="Clear Wishlist"
              pendingLabel="Clearing…"
              form={({ children, className }) => (
                <clear.Form method="post" action="/wishlist" className={className}>
                  <ListFields intent="clear" />
                  {children}
                </clear.Form>
              )}
            />
          </section>
        </div>
      )}
    </ListPage>
  );
}
