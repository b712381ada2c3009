/** /admin/collections/new (SPEC.md §2). */
import { COLLECTIONS_SECTION, CollectionForm } from "../../components/admin/collection-form";
import { FormPage } from "../../components/admin/form-controls";
import type { Route } from "./+types/collection-new";

export const meta: Route.MetaFunction = () => [{ title: "Add Collection" }, { name: "robots", content: "noindex" }];

export default function NewCollection() {
  return (
    <FormPage
      title="Add Collection"
      intro="A set of products sold together, with its own price and cover image."
      backHref={COLLECTIONS_SECTION}
      backLabel="Manage Collections"
    >
      <CollectionForm collection={null} />
    </FormPage>
  );
}
