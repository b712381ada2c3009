/**
 * What the order desk's forms share: the `intent` each posts (and the request or transfer
 * it acts on, when a list holds several such forms), the action's answer to one of them,
 * whether one is on its way, and the rows of fees the quick quote and the quote both take.
 */
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";
import { Field } from "../form/fields";
import { PriceField } from "../form/price-field";
import type { OrderDeskIntent } from "../../../domain/orders/order-desk-forms.schema";
import type { PaymentDeskIntent } from "../../features/admin/payment-forms";

export type DeskIntent = OrderDeskIntent | PaymentDeskIntent;

export interface Answered {
  intent: DeskIntent;
  /** The request or transfer the form acted on, for the forms a list repeats. */
  target?: string | null | undefined;
  result: SubmissionResult<string[]> | null;
}

export const card = "rounded-3xl border border-line bg-white p-4 sm:p-6";

/** The fields that name the request or transfer a form acts on. */
export const TARGET_FIELDS = ["reference", "transferId", "requestId"] as const;

/** The request or transfer a posted form acts on, if any. */
export function targetOf(formData: FormData | undefined): string | null {
  for (const name of TARGET_FIELDS) {
    const value = formData?.get(name);
    if (typeof value === "string") return value;
  }
  return null;
}

export const IntentField = ({ intent }: { intent: DeskIntent }) => <input type="hidden" name="intent" value={intent} />;

/** Whether this form (of this item) is on its way to the action. */
export function usePending(intent: DeskIntent, target?: string) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (target === undefined || targetOf(navigation.formData) === target)
  );
}

/** The answer for this form (of this item), if the last one was its. */
export function answerFor(answered: Answered | null, intent: DeskIntent, target?: string) {
  if (answered?.intent !== intent) return undefined;
  if (target !== undefined && answered.target !== target) return undefined;
  return answered.result;
}

// Any form's list of fees (its schema's form type is any): each row's label and amount.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FeeMeta = FieldMetadata<{ label?: unknown; amount?: unknown } | undefined, any, string[]>;

/** An order's fees as rows of a label and an amount (delivery, installation…), numbered from 1. */
export function FeeRows({ fees, hint }: { fees: FeeMeta[]; hint?: string }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Fees</legend>
      {hint && <p className="text-sm text-stone">{hint}</p>}
      {fees.map((fee, index) => {
        const parts = fee.getFieldset();
        return (
          <div key={fee.key} className="grid grid-cols-[1fr_9rem] gap-3">
            <Field meta={parts.label} label={`Fee ${index + 1}`} placeholder="Delivery" maxLength={60} />
            <PriceField meta={parts.amount} label={`Fee ${index + 1} amount`} />
          </div>
        );
      })}
    </fieldset>
  );
}
