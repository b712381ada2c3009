/**
 * Above a draft's shop page, which only the owner can open (docs/product.md, Catalogue
 * tools): what the page is, Publish (a post to the dashboard's action by a fetcher, so the
 * page reloads in place, now public; without scripts the answer comes back here) and Edit. Loaded by the shop's item pages only when
 * they show a draft, so shoppers never download it.
 */
import { Link, useFetcher } from "react-router";
import type { Flash } from "../../lib/flash";
import { useFlashToast } from "../../lib/use-flash-toast";
import { BackField } from "../../lib/back-field";
import { DASHBOARD_PATH } from "./delete-confirm";

export type DraftKind = "product" | "collection" | "project";

const EDIT_PATHS: Record<DraftKind, (id: string) => string> = {
  product: (id) => `/admin/products/edit/${id}`,
  collection: (id) => `/admin/collections/edit/${id}`,
  project: (id) => `/admin/editProject/${id}`,
};

export default function DraftBanner({ kind, id, path }: { kind: DraftKind; id: string; path: string }) {
  const fetcher = useFetcher<{ flash?: Flash }>();
  useFlashToast(fetcher.data);
  const publishing = fetcher.state !== "idle";
  return (
    <div className="border-b border-ink/15 bg-sand">
      <div
        role="status"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-5 py-3 md:px-8"
      >
        <p className="text-sm">
          <strong className="font-medium">Draft</strong> — only you can see this page.
        </p>
        <div className="flex items-center gap-2">
          <fetcher.Form method="post" action={DASHBOARD_PATH}>
            <input type="hidden" name="intent" value={`publish-${kind}`} />
            <input type="hidden" name="id" value={id} />
            <BackField />
            <button
              type="submit"
              aria-disabled={publishing || undefined}
              onClick={(event) => publishing && event.preventDefault()}
              className="inline-flex h-10 items-center rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90"
            >
              {publishing ? "Publishing..." : "Publish"}
            </button>
          </fetcher.Form>
          <Link
            to={`${EDIT_PATHS[kind](id)}?back=${encodeURIComponent(path)}`}
            className="inline-flex h-10 items-center rounded-full border border-ink px-5 text-sm hover:bg-white"
          >
            Edit
          </Link>
        </div>
      </div>
    </div>
  );
}
