/** /admin/products/new: once added, the product list, with 'success'. */
import { ProductInputSchema } from "../../../domain/catalog/product-input.schema";
import { FormPage, savedMessage } from "../../components/admin/form-page";
import { productFormBody, PRODUCTS_SECTION, ProductForm } from "../../components/admin/product-form";
import { requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/product-new";

export const meta: Route.MetaFunction = () => [{ title: "Add Product" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffPage(context, "catalogue.write");
  return { collections: await context.admin.listCollectionChoices() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveAdminForm({
    request,
    schema: ProductInputSchema,
    body: productFormBody,
    save: (body) => context.admin.addProduct(body as never),
    then: (formData) => ({
      to: PRODUCTS_SECTION,
      flash: { kind: "success", message: savedMessage(formData, "success") },
    }),
  });
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage
      title="Add Product"
      intro="A new piece for the shop: Publish shows it to shoppers at once; Save draft keeps it for you to finish."
      backHref={PRODUCTS_SECTION}
      backLabel="Manage Products"
    >
      <ProductForm product={null} collections={loaderData.collections} lastResult={actionData?.result} />
    </FormPage>
  );
}
