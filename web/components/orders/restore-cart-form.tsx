/**
 * "Put these back in my cart" on an order's tracking page: the cart empties once its order
 * is sent, and this puts the order's lines back (docs/product.md, The cart after ordering).
 * A plain form post: the action answers with a 303 to the cart, with or without scripts.
 */
import { ShoppingBag } from "lucide-react";
import { Form, useNavigation } from "react-router";

export const RESTORE_CART_INTENT = "restore-cart";

export function RestoreCartForm() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === RESTORE_CART_INTENT;
  return (
    <Form method="post" className="mt-5">
      <input type="hidden" name="intent" value={RESTORE_CART_INTENT} />
      <button
        type="submit"
        disabled={pending}
        className="inline-flex h-11 items-center gap-2 rounded-full border border-ink px-5 text-sm hover:bg-ink hover:text-white disabled:opacity-60"
      >
        <ShoppingBag className="size-4" aria-hidden="true" />
        {pending ? "Putting them back…" : "Put these back in my cart"}
      </button>
    </Form>
  );
}
