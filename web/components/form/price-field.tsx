import type { ComponentProps } from "react";
import { Field } from "./fields";

/**
 * An amount in naira: a number field with ₦ before it and kobo as its smallest step. Its
 * placeholder says what blank means where that is not 0 ("On request", "Not offered").
 */
export function PriceField({
  placeholder = "0.00",
  ...props
}: Omit<ComponentProps<typeof Field>, "type" | "step" | "min" | "inputMode" | "sign">) {
  return <Field {...props} type="number" step="0.01" min="0" inputMode="decimal" placeholder={placeholder} sign="₦" />;
}
