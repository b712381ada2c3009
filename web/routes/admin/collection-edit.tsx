/** /admin/collections/edit/{collectionId} (SPEC.md §2, §4 "Edit forms"). */
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { COLLECTIONS_SECTION, CollectionForm } from "../../components/admin/collection-form";
import { FormLoading, FormPage } from "../../components/admin/form-controls";
import { fetchCollection } from "../../features/admin/admin-api";
import { useEditItem } from "../../features/admin/use-edit-item";
import type { Route } from "./+types/collection-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Collection" }, { name: "robots", content: "noindex" }];

export default function EditCollection({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  // A collection that cannot be loaded sends the admin to the collections section.
  const collection = useEditItem(params.collectionId, fetchCollection, (message) => {
    toast.error(message || "Could not load the collection.", { id: "edit-load" });
    void navigate(COLLECTIONS_SECTION, { replace: true });
  });
  return (
    <FormPage
      title="Edit Collection"
      intro={
        collection ? `Changes to “${collection.name}” show in the shop once saved.` : "Change a collection in the shop."
      }
      backHref={COLLECTIONS_SECTION}
      backLabel="Manage Collections"
    >
      {collection ? <CollectionForm key={collection._id} collection={collection} /> : <FormLoading />}
    </FormPage>
  );
}
