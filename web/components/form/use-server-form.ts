/**
 * The core of every form of the kit (docs/architecture.md, Forms): Conform's form state,
 * wired to the action's answer, without any schema. On its own it is the form that only
 * the server checks — for the shop's own pages, whose visitors should not download the
 * schema library for a form they may never send; `useSchemaForm` adds the shared schema's
 * checks in the browser. Before the page's scripts run, the browser posts the form as it
 * is and the server answers with the page and its messages.
 */
import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";

// Conform's forms are records of fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyValues = Record<string, any>;

export interface ServerFormOptions<Values extends AnyValues, Output> {
  id: string;
  /** The action's reply, when it answered this form. */
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<Values>;
  /** Checks in the browser (see useSchemaForm); without it only the server checks. */
  onValidate?: (context: { formData: FormData }) => Submission<Values, string[], Output>;
}

export function useServerForm<Values extends AnyValues = AnyValues, Output = Values>({
  id,
  lastResult,
  defaultValue,
  onValidate,
}: ServerFormOptions<Values, Output>) {
  const [form, fields] = useForm<Values, Output>({
    id,
    lastResult: lastResult ?? null,
    ...(defaultValue ? { defaultValue } : {}),
    // Only the server checks a form without `onValidate`: it is asked on submit, never on
    // every field left.
    ...(onValidate
      ? { onValidate, shouldValidate: "onBlur", shouldRevalidate: "onInput" }
      : { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" }),
  });

  // An answer from the server with messages: focus the first field it refused, else the
  // summary at the top (the browser's own checks already focus the first field they refuse).
  const answered = useRef(lastResult);
  useEffect(() => {
    if (!lastResult || lastResult === answered.current) return;
    answered.current = lastResult;
    if (lastResult.status !== "error") return;
    // On the next frame: the fields show the answer's messages only once Conform has read it.
    requestAnimationFrame(() => {
      // As a page the server answers: what was typed stays, but never a password.
      for (const secret of document.querySelectorAll<HTMLInputElement>(`[form="${id}"][data-secret]`)) {
        secret.value = "";
      }
      const target =
        document.querySelector<HTMLElement>(`[form="${id}"][aria-invalid="true"]`) ??
        document.getElementById(errorSummaryId(id));
      target?.focus();
    });
  }, [id, lastResult]);

  return [form, fields] as const;
}

export const errorSummaryId = (formId: string) => `${formId}-errors`;
