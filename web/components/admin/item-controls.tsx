/**
 * Edit and Delete on a public product or collection page, for admins only (SPEC.md §6).
 * Loaded on demand, so shoppers never download it.
 */
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import { deleteCollection, deleteProduct } from "../../features/admin/admin-api";
import { ApiError } from "../../lib/api-client";
import { ConfirmDialog } from "./confirm-dialog";

export default function AdminItemControls({ id, itemType }: { id: string; itemType: "Product" | "Collection" }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const product = itemType === "Product";

  async function remove() {
    setBusy(true);
    try {
      await (product ? deleteProduct(id) : deleteCollection(id));
      toast.success("success");
      // SPEC.md §2: after deletion go back; a page opened directly has nowhere to go back to.
      const cameFromThisSite = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (cameFromThisSite > 0) await navigate(-1);
      else await navigate(product ? "/admin/dashboard?section=products" : "/admin/dashboard?section=collections");
    } catch (failure) {
      setBusy(false);
      setConfirming(false);
      const fallback = product ? "Failed to delete product." : "Failed to delete collection.";
      toast.error(failure instanceof ApiError && failure.status < 500 ? failure.message : fallback);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={product ? `/admin/products/edit/${id}` : `/admin/collections/edit/${id}`}
        className="inline-flex items-center gap-2 rounded-full border border-ink px-6 py-3 text-sm hover:bg-ink hover:text-white"
      >
        <Pencil className="size-4" aria-hidden="true" /> Edit {itemType}
      </Link>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="inline-flex items-center gap-2 rounded-full border border-promo px-6 py-3 text-sm text-promo hover:bg-promo hover:text-white"
      >
        <Trash2 className="size-4" aria-hidden="true" /> Delete {itemType}
      </button>
      <ConfirmDialog
        open={confirming}
        question={`Are you sure you want to delete this ${product ? "product" : "collection"}? This action cannot be undone.`}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
