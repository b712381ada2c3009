import { lazy, Suspense, useSyncExternalStore } from "react";
import { allows } from "../../../domain/staff/permissions";
import { useShell } from "../../lib/use-shell";

const AdminItemControls = lazy(() => import("../admin/item-controls"));

const subscribeNever = () => () => {};

/**
 * Edit and Delete for a member of staff who may change the catalogue, looking at a shop
 * page; nothing (and no code) for anyone else, so no other role is led to a refusal.
 * Drawn only once the page is interactive, so a button never shows before it works.
 */
export function AdminControls({ id, itemType }: { id: string; itemType: "Product" | "Collection" }) {
  const { viewer } = useShell();
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  if (!viewer?.isAdmin || !allows(viewer.roles, "catalogue.write") || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <AdminItemControls id={id} itemType={itemType} />
    </Suspense>
  );
}
