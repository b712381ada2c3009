/** /admin/products/new (SPEC.md §2). */
import { FormPage } from "../../components/admin/form-controls";
import { PRODUCTS_SECTION, ProductForm } from "../../components/admin/product-form";
import type { Route } from "./+types/product-new";

export const meta: Route.MetaFunction = () => [{ title: "Add Product" }, { name: "robots", content: "noindex" }];

export default function NewProduct() {
  return (
    <FormPage
      title="Add Product"
      intro="A new piece for the shop: it appears on the shop pages as soon as it is saved."
      backHref={PRODUCTS_SECTION}
      backLabel="Manage Products"
    >
      <ProductForm product={null} />
    </FormPage>
  );
}
