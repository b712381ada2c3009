/**
 * The "Price and status" section the product and collection forms share: price, best
 * seller, promotion with its discounted price, foreign with its origin. Turning promo
 * off clears the discounted price and turning foreign off clears the origin (SPEC.md §4).
 * `children` are further flags of the item (a product's Sold), placed after Best seller.
 */
import type { ReactNode } from "react";
import type { FieldErrors } from "../../features/admin/admin-form";
import { FlagInput, FormSection, PriceInput, TextInput } from "./form-controls";

export interface PriceAndStatusValues {
  price: string;
  isBestSeller: boolean;
  isPromo: boolean;
  discountedPrice: string;
  isForeign: boolean;
  origin: string;
}

interface Props {
  /** Field ids are `${prefix}-${field}`, as the form's error focus expects. */
  prefix: string;
  values: PriceAndStatusValues;
  errors: FieldErrors;
  /** Applies the changed fields and clears their messages. */
  update: (patch: Partial<PriceAndStatusValues>) => void;
  children?: ReactNode;
}

export function PriceAndStatus({ prefix, values, errors, update, children }: Props) {
  return (
    <FormSection title="Price and status">
      <div className="sm:w-1/2 sm:pr-1.5">
        <PriceInput
          id={`${prefix}-price`}
          label="Price"
          required
          value={values.price}
          onValueChange={(v) => update({ price: v })}
          error={errors.price}
        />
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FlagInput
          id={`${prefix}-isBestSeller`}
          label="Best seller"
          description="Shown under Best Sellers."
          checked={values.isBestSeller}
          onCheckedChange={(on) => update({ isBestSeller: on })}
        />
        {children}
        <FlagInput
          id={`${prefix}-isPromo`}
          label="On promotion"
          description="Sold at a discounted price."
          checked={values.isPromo}
          onCheckedChange={(on) => {
            update(on ? { isPromo: on } : { isPromo: on, discountedPrice: "" });
          }}
        >
          <PriceInput
            id={`${prefix}-discountedPrice`}
            label="Discounted price"
            required
            value={values.discountedPrice}
            onValueChange={(v) => update({ discountedPrice: v })}
            error={errors.discountedPrice}
            hint="Less than the price."
          />
        </FlagInput>
        <FlagInput
          id={`${prefix}-isForeign`}
          label="Foreign"
          description="Made outside Nigeria."
          checked={values.isForeign}
          onCheckedChange={(on) => {
            update(on ? { isForeign: on } : { isForeign: on, origin: "" });
          }}
        >
          <TextInput
            id={`${prefix}-origin`}
            label="Origin"
            required
            value={values.origin}
            onValueChange={(v) => update({ origin: v })}
            error={errors.origin}
            hint="The country it is made in, e.g. Italy."
            maxLength={100}
            autoComplete="country-name"
          />
        </FlagInput>
      </div>
    </FormSection>
  );
}
