/** The page around an admin form, and the form's buttons. */
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { SubmitButton } from "../form/fields";

/** A way back, the heading and a short line under it, and the form's card. */
export function FormPage({
  title,
  intro,
  backHref,
  backLabel,
  children,
}: {
  title: string;
  intro: string;
  backHref: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-5 md:px-8 lg:py-10">
      <Link to={backHref} className="inline-flex items-center gap-2 text-sm text-stone hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" /> {backLabel}
      </Link>
      <h1 className="mt-3 font-serif text-3xl md:text-4xl">{title}</h1>
      <p className="mt-2 text-stone">{intro}</p>
      <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">{children}</div>
    </div>
  );
}

/** True from the moment this page's form is sent until the next page is shown. */
export function useSaving(): boolean {
  const navigation = useNavigation();
  return navigation.formMethod?.toUpperCase() === "POST";
}

export function FormActions({ label, cancelHref }: { label: string; cancelHref: string }) {
  const saving = useSaving();
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-end">
      <Link
        to={cancelHref}
        className="inline-flex h-12 items-center justify-center rounded-full border border-line px-8 text-sm hover:border-ink"
      >
        Cancel
      </Link>
      <SubmitButton pending={saving} pendingLabel="Saving..." wide={false}>
        {label}
      </SubmitButton>
    </div>
  );
}
