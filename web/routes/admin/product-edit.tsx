/** /admin/products/edit/{productId} (SPEC.md §2, §4 "Edit forms"). */
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { FormLoading, FormPage } from "../../components/admin/form-controls";
import { PRODUCTS_SECTION, ProductForm } from "../../components/admin/product-form";
import { fetchProduct } from "../../features/admin/admin-api";
import { useEditItem } from "../../features/admin/use-edit-item";
import type { Route } from "./+types/product-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Product" }, { name: "robots", content: "noindex" }];

export default function EditProduct({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  // A product that cannot be loaded sends the admin to the products section.
  const product = useEditItem(params.productId, fetchProduct, (message) => {
    toast.error(message || "Could not load the product.", { id: "edit-load" });
    void navigate(PRODUCTS_SECTION, { replace: true });
  });
  return (
    <FormPage
      title="Edit Product"
      intro={product ? `Changes to “${product.name}” show in the shop once saved.` : "Change a product in the shop."}
      backHref={PRODUCTS_SECTION}
      backLabel="Manage Products"
    >
      {product ? <ProductForm key={product._id} product={product} /> : <FormLoading />}
    </FormPage>
  );
}
