/** The page around an admin form, and the form's buttons. */
import { ArrowLeft, Eye, History } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import type { ItemStatus } from "../../../domain/catalog/item-status";
import type { JournalArea } from "../../../domain/journal/journal.schema";
import { allows } from "../../../domain/staff/permissions";
import { journalOf } from "../../features/admin/journal-links";
import { useAdminViewer } from "./admin-sidebar";
import { SubmitButton } from "../form/fields";

/**
 * A way back, the heading (with a Draft badge for a draft) and a short line under it,
 * the item's own actions (Preview, Duplicate), and the form's card.
 */
export function FormPage({
  title,
  intro,
  backHref,
  backLabel,
  status,
  actions,
  children,
}: {
  title: string;
  intro: string;
  backHref: string;
  backLabel: string;
  /** The saved item's status; absent for a new one. */
  status?: ItemStatus;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-5 md:px-8 lg:py-10">
      <Link to={backHref} className="inline-flex items-center gap-2 text-sm text-stone hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" /> {backLabel}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl md:text-4xl">{title}</h1>
        {status === "draft" && <DraftBadge />}
      </div>
      <p className="mt-2 text-stone">{intro}</p>
      {actions && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
      <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">{children}</div>
    </div>
  );
}

/** True from the moment this page's form is sent until the next page is shown. */
export function useSaving(): boolean {
  const navigation = useNavigation();
  return navigation.formMethod?.toUpperCase() === "POST";
}

export function DraftBadge() {
  return <span className="rounded-full border border-dashed border-ink/50 px-3 py-1 text-sm">Draft</span>;
}

/** The shop page of a saved item: Preview while a draft, View in the shop once published. */
export function ShopPageLink({ href, status }: { href: string; status: ItemStatus }) {
  return (
    <Link
      to={href}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm hover:border-ink"
    >
      <Eye className="size-4" aria-hidden="true" /> {status === "draft" ? "Preview" : "View in the shop"}
    </Link>
  );
}

/** The item's entries in the journal, for a member who may read them (the Owner). */
export function JournalLink({ area, item }: { area: JournalArea; item: string }) {
  const roles = useAdminViewer()?.roles ?? [];
  if (!allows(roles, "journal.read")) return null;
  return (
    <Link
      to={journalOf(area, item)}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm hover:border-ink"
    >
      <History className="size-4" aria-hidden="true" /> Journal entries
    </Link>
  );
}

/**
 * The form's buttons (docs/product.md, Catalogue tools): a new item or a draft is
 * published or saved as a draft; a published one is saved, or moved back to the drafts.
 * Each button posts its `status`. The main one comes first in the page, so that Enter in
 * a field presses it, and shows last.
 */
export function FormActions({
  saved,
  cancelHref,
}: {
  /** The saved item's status; absent for a new one. */
  saved?: ItemStatus | undefined;
  cancelHref: string;
}) {
  const saving = useSaving();
  const navigation = useNavigation();
  const sending = navigation.formData?.get("status");
  const published = saved === "published";
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:justify-end">
      <div className="sm:order-3">
        <SubmitButton
          pending={saving}
          busy={saving && sending !== "draft"}
          pendingLabel={published ? "Saving..." : "Publishing..."}
          wide={false}
          name="status"
          value="published"
        >
          {published ? "Save Changes" : "Publish"}
        </SubmitButton>
      </div>
      <div className="sm:order-2">
        <SubmitButton
          pending={saving}
          busy={saving && sending === "draft"}
          pendingLabel="Saving..."
          wide={false}
          name="status"
          value="draft"
          colors="border border-ink bg-white text-ink hover:bg-sand"
        >
          {published ? "Move to drafts" : "Save draft"}
        </SubmitButton>
      </div>
      <Link
        to={cancelHref}
        className="inline-flex h-12 items-center justify-center rounded-full px-8 text-sm hover:bg-sand sm:order-1"
      >
        Cancel
      </Link>
    </div>
  );
}

/** The message once saved: the form's own, or that it waits as a draft. */
export const savedMessage = (formData: FormData, published: string) =>
  formData.get("status") === "draft" ? "Saved as a draft: only you can see it." : published;
