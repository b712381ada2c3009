import { lazy, Suspense } from "react";
import { useShell } from "../../lib/use-shell";

const AdminItemControls = lazy(() => import("../admin/item-controls"));

/** Edit and Delete for an admin looking at a shop page; nothing (and no code) for anyone else. */
export function AdminControls({ id, itemType }: { id: string; itemType: "Product" | "Collection" }) {
  const { viewer } = useShell();
  if (!viewer?.isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <AdminItemControls id={id} itemType={itemType} />
    </Suspense>
  );
}
