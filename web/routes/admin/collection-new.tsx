/** /admin/collections/new: once added, the collections list, with 'success'. */
import { CollectionInputSchema } from "../../../domain/catalog/collection-input.schema";
import { collectionFormBody, COLLECTIONS_SECTION, CollectionForm } from "../../components/admin/collection-form";
import { FormPage, savedMessage } from "../../components/admin/form-page";
import { requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/collection-new";

export const meta: Route.MetaFunction = () => [{ title: "Add Collection" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffPage(context, "catalogue.write");
  return { products: await context.admin.findProducts({ page: 1 }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveAdminForm({
    request,
    schema: CollectionInputSchema,
    body: collectionFormBody,
    save: (body) => context.admin.addCollection(body as never),
    then: (formData) => ({
      to: COLLECTIONS_SECTION,
      flash: { kind: "success", message: savedMessage(formData, "success") },
    }),
  });
}

export default function NewCollection({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage
      title="Add Collection"
      intro="A set of products sold together, with its own price and cover image."
      backHref={COLLECTIONS_SECTION}
      backLabel="Manage Collections"
    >
      <CollectionForm collection={null} products={loaderData.products} lastResult={actionData?.result} />
    </FormPage>
  );
}
