/**
 * The one way a form is validated (docs/architecture.md, Forms): Conform over the shared
 * schema from domain/, so the browser and the server check the same rules with the same
 * words. Fields are checked when left and again as they are corrected; the server checks
 * everything again and its answer (`lastResult`, the action's reply) shows the same way.
 *
 * `validateHere: false` leaves every check to the server: for forms on the shop's own
 * pages, whose visitors should not download the schema library for a form they may never
 * send. Before the page's scripts run, the browser posts the form as it is and the server
 * answers with the page and its messages.
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import type { input, output, ZodType } from "zod";

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
  /**
   * How the form's data is read before the schema checks it here, when it holds what the
   * schema cannot read as it is (chosen files, which the server reads into images).
   */
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
  const [form, fields] = useForm<Values<S>, output<S>>({
    id,
    lastResult: lastResult ?? null,
    ...(defaultValue ? { defaultValue } : {}),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    ...(validateHere && schema
      ? { onValidate: ({ formData }) => parseWithZod(prepare ? prepare(formData) : formData, { schema }) }
      : {}),
  });

  // An answer from the server with messages: focus the first field it refused, else the
  // summary at the top (the browser's own checks already focus the first field they refuse).
  const answered = useRef(lastResult);
  useEffect(() => {
    if (!lastResult || lastResult === answered.current) return;
    answered.current = lastResult;
    if (lastResult.status !== "error") return;
    const element = document.getElementById(id);
    const target =
      element?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      document.getElementById(errorSummaryId(id)) ??
      null;
    target?.focus();
  }, [id, lastResult]);

  return [form, fields] as const;
}

export const errorSummaryId = (formId: string) => `${formId}-errors`;
