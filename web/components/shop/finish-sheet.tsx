/**
 * The small sheet a card's Add to Cart opens for a piece that comes in finishes
 * (docs/product.md, Options): each finish with its swatch, its name and what it adds to
 * the price, one to tick, and Add to Cart for the piece in it. Its code and the finishes
 * (routes/product-finishes.tsx) load the first time a shopper reaches for such a button,
 * never with the page. Without scripts the button is a link to the piece's page instead,
 * where the finish is chosen.
 *
 * A native modal dialog: the browser keeps focus inside it, closes it with Escape and
 * gives focus back to the button that opened it.
 */
import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { priceDifferenceLabel } from "../../../domain/money";
import { ListFields, type ListAnswer } from "../../features/lists/list-forms";
import type { FinishSheetData } from "../../lib/summaries";
import { ResponsiveImage } from "../ui/responsive-image";
import { Price } from "./price";

export interface FinishSheetProps {
  productId: string;
  name: string;
  open: boolean;
  onClose(): void;
}

export default function FinishSheet({ productId, name, open, onClose }: FinishSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fetcher = useFetcher<ListAnswer>();
  const read = useFetcher<FinishSheetData>();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const finishes = read.data?.finishes ?? [];
  const isPromo = read.data?.isPromo ?? false;
  const chosen = finishes.find((finish) => finish._id === chosenId) ?? finishes[0];

  // Read once, as the shopper reaches for the button: usually there before the tap ends.
  const asked = useRef(false);
  const { load } = read;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void load(`/product/${productId}/finishes`);
  }, [load, productId]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Sent: the sheet steps aside, and the cart's answer shows as a toast naming the finish.
  useEffect(() => {
    if (fetcher.state === "submitting") onClose();
  }, [fetcher.state, onClose]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      // A tap on the dimmed page around the sheet closes it.
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none overflow-y-auto overscroll-contain rounded-t-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/40 sm:m-auto sm:max-w-md sm:rounded-2xl"
    >
      <fetcher.Form method="post" action="/cart" className="px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs tracking-[0.16em] text-stone uppercase">Choose a finish</p>
            <h2 id={titleId} className="mt-1 font-serif text-xl leading-snug [overflow-wrap:anywhere]">
              {name}
            </h2>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <ListFields intent="add" item={{ itemType: "Product", itemId: productId }} quantity={1} />
        {chosen ? (
          <>
            <fieldset className="mt-4">
              <legend className="sr-only">Finish</legend>
              <ul className="divide-y divide-line border-y border-line">
                {finishes.map((finish) => {
                  const difference = priceDifferenceLabel(finish.priceDifference);
                  return (
                    <li key={finish._id}>
                      <label className="flex min-h-16 cursor-pointer items-center gap-4 py-2.5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink">
                        <input
                          type="radio"
                          name="option"
                          value={finish._id}
                          checked={finish._id === chosen._id}
                          onChange={() => setChosenId(finish._id)}
                          className="peer sr-only"
                        />
                        <span
                          className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-full bg-sand ring-1 ring-line ring-offset-2 peer-checked:ring-2 peer-checked:ring-ink"
                          aria-hidden="true"
                        >
                          {finish.image ? (
                            <ResponsiveImage
                              image={finish.image}
                              alt=""
                              sizes="44px"
                              className="size-11 object-cover"
                            />
                          ) : (
                            <span className="font-serif text-lg text-stone">{finish.name.charAt(0)}</span>
                          )}
                        </span>
                        <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere] peer-checked:font-medium">
                          {finish.name}
                        </span>
                        {difference && <span className="text-sm text-stone tabular-nums">{difference}</span>}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <div className="mt-4 flex items-center justify-between gap-4">
              <div className="text-lg" aria-live="polite">
                <Price price={chosen.price} discountedPrice={chosen.discountedPrice} isPromo={isPromo} />
              </div>
              <button
                type="submit"
                className="inline-flex h-12 items-center justify-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90"
              >
                Add to Cart
              </button>
            </div>
          </>
        ) : read.data ? (
          <p className="mt-4 border-t border-line pt-4 text-sm text-stone">
            This piece can no longer be ordered. Open its page to see what is available.
          </p>
        ) : (
          // The finishes on their way: rows of the size they will take.
          <ul
            aria-busy="true"
            aria-label="Loading the finishes"
            className="mt-4 divide-y divide-line border-y border-line"
          >
            {[0, 1].map((row) => (
              <li key={row} className="flex min-h-16 items-center gap-4 py-2.5">
                <span className="size-11 shrink-0 animate-pulse rounded-full bg-sand" />
                <span className="h-4 w-32 animate-pulse rounded bg-sand" />
              </li>
            ))}
          </ul>
        )}
      </fetcher.Form>
    </dialog>
  );
}
