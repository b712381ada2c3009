/**
 * Edit and Delete on a public product or collection page, for admins only. Loaded on
 * demand, so shoppers never download it. Deleting asks first and posts to the admin
 * dashboard's action; once deleted, the admin goes back to where they came from (the
 * page opened directly has nowhere to go back to: the dashboard's list of that kind).
 */
import { Pencil, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { DeleteConfirm, useDeleteFetcher } from "./delete-confirm";

/** True when the browser's history has a page of this app to go back to. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

export default function AdminItemControls({ id, itemType }: { id: string; itemType: "Product" | "Collection" }) {
  const product = itemType === "Product";
  const intent = product ? "delete-product" : "delete-collection";
  const fetcher = useDeleteFetcher(`${intent}-${id}`);
  const navigate = useNavigate();
  const location = useLocation();
  // Saving the form comes back here.
  const back = `?back=${encodeURIComponent(location.pathname + location.search)}`;
  const deleted = fetcher.state === "idle" && fetcher.data?.flash?.kind === "success";

  // Leaves the page of the item once it is gone.
  useEffect(() => {
    if (!deleted) return;
    if (canGoBack()) void navigate(-1);
    else void navigate(`/admin/dashboard?section=${product ? "products" : "collections"}`, { replace: true });
  }, [deleted, navigate, product]);

  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`${product ? `/admin/products/edit/${id}` : `/admin/collections/edit/${id}`}${back}`}
        className="inline-flex items-center gap-2 rounded-full border border-ink px-6 py-3 text-sm hover:bg-ink hover:text-white"
      >
        <Pencil className="size-4" aria-hidden="true" /> Edit {itemType}
      </Link>
      <DeleteConfirm
        fetcher={fetcher}
        intent={intent}
        id={id}
        question={`Are you sure you want to delete this ${product ? "product" : "collection"}? This action cannot be undone.`}
        trigger={
          <>
            <Trash2 className="size-4" aria-hidden="true" /> Delete {itemType}
          </>
        }
        revalidate={false}
        triggerClassName="inline-flex items-center gap-2 rounded-full border border-promo px-6 py-3 text-sm text-promo hover:bg-promo hover:text-white"
      />
    </div>
  );
}
