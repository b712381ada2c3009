/**
 * The "Price and status" section the product and collection forms share: price, best
 * seller, promotion with its discounted price, foreign with its origin. Turning promo
 * off clears the discounted price and turning foreign off the origin
 * (docs/product.md, Catalogue). `children` are further flags (a product's Sold), placed
 * after Best seller.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "../form/fields";
import { FlagField } from "../form/flag-field";
import { FormSection } from "../form/form-section";
import { PriceField } from "../form/price-field";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

interface Props {
  fields: Record<"price" | "isBestSeller" | "isPromo" | "discountedPrice" | "isForeign" | "origin", Meta>;
  children?: ReactNode;
}

export function PriceAndStatus({ fields, children }: Props) {
  return (
    <FormSection title="Price and status">
      <div className="sm:w-1/2 sm:pr-1.5">
        <PriceField meta={fields.price} label="Price" markRequired />
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FlagField meta={fields.isBestSeller} label="Best seller" description="Shown under Best Sellers." />
        {children}
        <FlagField meta={fields.isPromo} label="On promotion" description="Sold at a discounted price.">
          <PriceField meta={fields.discountedPrice} label="Discounted price" markRequired hint="Less than the price." />
        </FlagField>
        <FlagField meta={fields.isForeign} label="Foreign" description="Made outside Nigeria.">
          <Field
            meta={fields.origin}
            label="Origin"
            markRequired
            hint="The country it is made in, e.g. Italy."
            maxLength={100}
            autoComplete="country-name"
          />
        </FlagField>
      </div>
    </FormSection>
  );
}
