/**
 * /admin/products/edit/{productId}: once saved, back to the page the admin came from (the
 * product's shop page, the list), with 'success'. A product that is not there sends the
 * admin to the products list, saying so.
 */
import { ProductInputSchema } from "../../../domain/catalog/product-input.schema";
import { FormPage, JournalLink, savedMessage, ShopPageLink } from "../../components/admin/form-page";
import { DuplicateButton } from "../../components/admin/manage-catalogue";
import { productFormBody, PRODUCTS_SECTION, ProductForm } from "../../components/admin/product-form";
import { cameFrom, requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import { backPath, redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/product-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Product" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaffPage(context, "catalogue.read");
  const [product, collections] = await Promise.all([
    context.admin.getProduct(params.productId),
    context.admin.listCollectionChoices(),
  ]);
  if (!product) throw await redirectWithFlash(PRODUCTS_SECTION, { kind: "error", message: "Product not found." });
  return { product, collections, back: cameFrom(request, PRODUCTS_SECTION) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveAdminForm({
    request,
    schema: ProductInputSchema,
    body: productFormBody,
    save: (body) => context.admin.updateProduct(params.productId, body),
    then: (formData) => ({
      to: backPath(request, formData, PRODUCTS_SECTION),
      flash: { kind: "success", message: savedMessage(formData, "success") },
    }),
  });
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, collections } = loaderData;
  return (
    <FormPage
      title="Edit Product"
      intro={
        product.status === "draft"
          ? `“${product.name}” is a draft: only you can see it until it is published.`
          : `Changes to “${product.name}” show in the shop once saved.`
      }
      backHref={PRODUCTS_SECTION}
      backLabel="Manage Products"
      status={product.status}
      actions={
        <>
          <ShopPageLink href={`/product/${product._id}`} status={product.status} />
          <DuplicateButton intent="duplicate-product" id={product._id} />
          <JournalLink area="catalogue" item={product._id} />
        </>
      }
    >
      <ProductForm
        key={product._id}
        product={product}
        collections={collections}
        lastResult={actionData?.result}
        back={actionData?.back || loaderData.back}
      />
    </FormPage>
  );
}
