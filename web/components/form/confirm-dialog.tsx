/**
 * The one confirmation (docs/product.md, Admin panel: every deletion asks first; the cart
 * asks before a line goes). It works before the page's scripts do: the button that asks
 * is a link to this page with `?confirm=<name>`, which the server renders with the
 * question open; scripts open it in place instead. The question holds the real form
 * (`children`: the hidden fields, and any field the answer needs, such as a password),
 * so confirming is one post, with or without scripts.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { CONFIRM_PARAM } from "../../lib/confirm-param";

export function ConfirmDialog({
  name,
  trigger,
  triggerClassName,
  triggerLabel,
  title = "Please confirm",
  question,
  confirmLabel,
  pending = false,
  pendingLabel,
  form,
  children,
}: {
  /** Names the question in the URL (`?confirm=<name>`); unique on the page. */
  name: string;
  /** What the asking button shows. */
  trigger: ReactNode;
  triggerClassName: string;
  /** The asking button's accessible name, when `trigger` is only an icon. */
  triggerLabel?: string;
  title?: string;
  question: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  pendingLabel: string;
  /** Renders the form around the answer: `<fetcher.Form method="post">` or `<Form>`. */
  form(props: { children: ReactNode; className: string }): ReactNode;
  children?: ReactNode;
}) {
  const [params] = useSearchParams();
  const location = useLocation();
  const askedInUrl = params.get(CONFIRM_PARAM) === name;
  const [open, setOpen] = useState(askedInUrl);
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const titleId = `${name}-confirm-title`;

  const withoutAsk = new URLSearchParams(params);
  withoutAsk.delete(CONFIRM_PARAM);
  const asking = new URLSearchParams(params);
  asking.set(CONFIRM_PARAM, name);
  const here = (search: URLSearchParams) => `${location.pathname}${search.size ? `?${search}` : ""}`;

  // Scripts show the question as a modal dialog: the page behind it is inert. Closed, the
  // question leaves the page, so the asking button takes the focus back itself.
  const asker = useRef<HTMLAnchorElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && hydrated && !element.open) element.showModal();
    if (!open && element?.open) element.close();
    if (!open && wasOpen.current) asker.current?.focus();
    wasOpen.current = open;
  }, [open, hydrated]);

  return (
    <>
      <Link
        ref={asker}
        to={here(asking)}
        preventScrollReset
        replace
        aria-label={triggerLabel}
        className={triggerClassName}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {trigger}
      </Link>
      {(open || askedInUrl) && (
        <dialog
          ref={dialog}
          // Rendered open by the server when the URL asks; scripts then make it modal.
          open={askedInUrl && !hydrated ? true : undefined}
          aria-labelledby={titleId}
          onClose={() => setOpen(false)}
          className="fixed inset-0 z-50 m-auto w-[min(92vw,26rem)] rounded-3xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/40"
        >
          <h2 id={titleId} className="font-serif text-xl">
            {title}
          </h2>
          <div className="mt-3 text-stone">{question}</div>
          {form({
            className: "mt-6",
            children: (
              <>
                {children}
                <div className="mt-6 flex justify-end gap-3">
                  <Link
                    to={here(withoutAsk)}
                    preventScrollReset
                    replace
                    // Pressing Cancel leaves the field without checking it: a message
                    // appearing there would move Cancel from under the pointer.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={(event) => {
                      event.preventDefault();
                      // Closed before it leaves the page, so the page is no longer inert
                      // when the asking button takes the focus back.
                      if (dialog.current?.open) dialog.current.close();
                      setOpen(false);
                    }}
                    className="inline-flex items-center rounded-full px-5 py-2.5 text-sm hover:bg-sand"
                  >
                    Cancel
                  </Link>
                  <button
                    type="submit"
                    aria-disabled={pending || undefined}
                    onClick={(event) => pending && event.preventDefault()}
                    className="rounded-full bg-promo px-5 py-2.5 text-sm text-white hover:bg-promo/90 aria-disabled:opacity-60"
                  >
                    {pending ? pendingLabel : confirmLabel}
                  </button>
                </div>
              </>
            ),
          })}
        </dialog>
      )}
    </>
  );
}
