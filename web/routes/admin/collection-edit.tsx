/**
 * /admin/collections/edit/{collectionId}: once saved, the collections list, with
 * 'success'. A collection that is not there sends the admin to that list, saying so.
 */
import { CollectionUpdateSchema } from "../../../domain/catalog/collection-input.schema";
import { collectionFormBody, COLLECTIONS_SECTION, CollectionForm } from "../../components/admin/collection-form";
import { FormPage, savedMessage, ShopPageLink } from "../../components/admin/form-page";
import { DuplicateButton } from "../../components/admin/manage-catalogue";
import { requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import { redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/collection-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Collection" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaffPage(context, "catalogue.read");
  const [collection, products] = await Promise.all([
    context.admin.getCollection(params.collectionId),
    context.admin.findProducts({ page: 1 }),
  ]);
  if (!collection) {
    throw await redirectWithFlash(COLLECTIONS_SECTION, { kind: "error", message: "Collection not found." });
  }
  return { collection, products };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveAdminForm({
    request,
    schema: CollectionUpdateSchema,
    body: collectionFormBody,
    save: (body) => context.admin.updateCollection(params.collectionId, body),
    then: (formData) => ({
      to: COLLECTIONS_SECTION,
      flash: { kind: "success", message: savedMessage(formData, "success") },
    }),
  });
}

export default function EditCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, products } = loaderData;
  return (
    <FormPage
      title="Edit Collection"
      intro={
        collection.status === "draft"
          ? `“${collection.name}” is a draft: only you can see it until it is published.`
          : `Changes to “${collection.name}” show in the shop once saved.`
      }
      backHref={COLLECTIONS_SECTION}
      backLabel="Manage Collections"
      status={collection.status}
      actions={
        <>
          <ShopPageLink href={`/collection/${collection._id}`} status={collection.status} />
          <DuplicateButton intent="duplicate-collection" id={collection._id} />
        </>
      }
    >
      <CollectionForm
        key={collection._id}
        collection={collection}
        products={products}
        lastResult={actionData?.result}
      />
    </FormPage>
  );
}
