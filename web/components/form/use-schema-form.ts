/**
 * The one way a form is validated (docs/architecture.md, Forms): Conform over the shared
 * schema from domain/, so the browser and the server check the same rules with the same
 * words. Fields are checked when left and again as they are corrected; the server checks
 * everything again and its answer (`lastResult`, the action's reply) shows the same way.
 *
 * `validateHere: false` leaves every check to the server. A form on the shop's own pages
 * should rather use `useServerForm`, which is this hook without the schema library in its
 * imports, so those pages do not download it.
 */
import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { input, output, ZodType } from "zod";
import { useServerForm } from "./use-server-form";

export { errorSummaryId } from "./use-server-form";

// Conform's forms are records of fields; every form schema here is a zod object.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Values<S extends ZodType> = input<S> & Record<string, any>;

interface Options<S extends ZodType> {
  id: string;
  schema?: S;
  /** The action's reply, when it answered this form. */
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<Values<S>>;
  /** False: only the server checks (see above). */
  validateHere?: boolean;
  /** Turns the posted fields into what the schema reads, for checks in the browser (the action does the same). */
  prepare?: (formData: FormData) => FormData;
}

export function useSchemaForm<S extends ZodType>({
  id,
  schema,
  lastResult,
  defaultValue,
  validateHere = true,
  prepare,
}: Options<S>) {
  return useServerForm<Values<S>, output<S>>({
    id,
    lastResult,
    ...(defaultValue ? { defaultValue } : {}),
    ...(validateHere && schema
      ? { onValidate: ({ formData }) => parseWithZod(prepare ? prepare(formData) : formData, { schema }) }
      : {}),
  });
}
