/**
 * Delete, after the one confirmation: the question holds a form posted to the dashboard's
 * action (which deletes through the load context), by a fetcher. Works before the page's
 * scripts do: the question then opens from the URL and the browser posts the form.
 */
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { BackField } from "../../lib/back-field";
import { ConfirmDialog } from "../form/confirm-dialog";
import { useFlashToast } from "../../lib/use-flash-toast";
import type { Flash } from "../../lib/flash";

export const DASHBOARD_PATH = "/admin/dashboard";

export type DeleteIntent = "delete-product" | "delete-collection" | "delete-project" | "delete-message";

/** The fetcher a deletion posts with; its form data says which row is going (optimistic UI). */
export function useDeleteFetcher(key: string) {
  const fetcher = useFetcher<{ flash?: Flash }>({ key });
  useFlashToast(fetcher.data);
  return fetcher;
}

export function DeleteConfirm({
  fetcher,
  intent,
  id,
  question,
  trigger,
  triggerLabel,
  triggerClassName,
  revalidate = true,
}: {
  fetcher: ReturnType<typeof useDeleteFetcher>;
  intent: DeleteIntent;
  id: string;
  question: string;
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName: string;
  /** False where the page shows the item itself: it is left once the item is gone, not reloaded. */
  revalidate?: boolean;
}) {
  return (
    <ConfirmDialog
      name={`${intent}-${id}`}
      trigger={trigger}
      {...(triggerLabel ? { triggerLabel } : {})}
      triggerClassName={triggerClassName}
      question={question}
      confirmLabel="Delete"
      pending={fetcher.state !== "idle"}
      pendingLabel="Deleting..."
      form={({ children, className }) => (
        <fetcher.Form
          method="post"
          action={DASHBOARD_PATH}
          className={className}
          {...(revalidate ? {} : { defaultShouldRevalidate: false })}
        >
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <BackField />
          {children}
        </fetcher.Form>
      )}
    />
  );
}
