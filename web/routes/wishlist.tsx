import { Heart, Trash2 } from "lucide-react";
import { useRef } from "react";
import { Link, redirect } from "react-router";
import { EmptyList, itemsText, LinesSkeleton, ListPage } from "../components/lists/list-layout";
import { preloadConfirm, useConfirm } from "../components/lists/use-confirm";
import { WishlistLineRow } from "../components/lists/wishlist-line";
import { useItemDetails } from "../features/item-details";
import { clearWishlist, useWishlist } from "../features/wishlist/wishlist-store";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/wishlist";

/** Admins have no wishlist (SPEC.md §6). The lines live in the browser or its cookie, so the server renders the frame. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer?.isAdmin) throw redirect("/admin/dashboard");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Your Wishlist",
    description: "The pieces you have saved for later.",
    path: "/wishlist",
    noindex: true,
  });

const grid = "grid gap-10 lg:grid-cols-12 lg:items-start";
const summaryBox = "rounded-3xl bg-sand p-6 sm:p-8 lg:sticky lg:top-24 lg:col-span-4";

export default function WishlistPage() {
  const ready = useWishlist((s) => s.ready);
  const lines = useWishlist((s) => s.lines);
  const heading = useRef<HTMLHeadingElement>(null);
  const { ask, dialog } = useConfirm(heading);
  const view = useItemDetails(ready ? lines : []);

  return (
    <ListPage
      title="Your Wishlist"
      count={ready ? (lines.length ? itemsText(lines.length) : "") : null}
      headingRef={heading}
    >
      {!ready ? (
        <div className={grid}>
          <div className="lg:col-span-8">
            <LinesSkeleton />
          </div>
          <div aria-hidden="true" className={`${summaryBox} h-52`} />
        </div>
      ) : lines.length === 0 ? (
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
              {lines.map((line) => (
                <WishlistLineRow
                  key={`${line.itemType}:${line.item}`}
                  line={line}
                  view={view(line)}
                  listHeading={heading}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="wishlist-summary" className={summaryBox}>
            <h2 id="wishlist-summary" className="font-serif text-2xl">
              Summary
            </h2>
            <p className="mt-6 flex justify-between border-b border-line pb-4 text-sm">
              <span className="text-stone">Total items</span>
              <span className="font-medium">{lines.length}</span>
            </p>
            <Link
              to="/shop"
              className="mt-6 flex h-12 items-center justify-center rounded-full bg-ink text-sm text-white hover:bg-ink/90"
            >
              Continue Shopping
            </Link>
            <button
              type="button"
              aria-haspopup="dialog"
              onPointerEnter={preloadConfirm}
              onFocus={preloadConfirm}
              onClick={(event) =>
                ask(
                  {
                    title: "Clear your wishlist?",
                    description: "Every item will be removed from your wishlist.",
                    confirmLabel: "Clear Wishlist",
                    cancelLabel: "Keep my items",
                    onConfirm: () => void clearWishlist(),
                  },
                  event.currentTarget,
                )
              }
              className="mt-3 flex h-12 w-full items-center justify-center gap-2 rounded-full border border-ink text-sm hover:bg-white"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Clear Wishlist
            </button>
          </section>
        </div>
      )}
      {dialog}
    </ListPage>
  );
}
