/**
 * An order as the workshop sees it (/admin/orders/:orderId for a member who may not read
 * money): what to make, for whom, and its timeline, without a single amount; and the
 * production steps they may move it to ("In production", "Ready"), nothing else.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { ExternalLink } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { WorkshopOrder } from "../../../domain/orders/order-answers.schema";
import { StatusFormSchema } from "../../../domain/orders/order-desk-forms.schema";
import { formatDay } from "../../../domain/dates";
import { PRODUCTION_STEPS, statusExplanation, STATUS_LABELS } from "../../../domain/orders/order-status";
import { itemPath } from "../../../domain/whatsapp";
import { FormErrors, SelectField, SubmitButton } from "../form/fields";
import { useSchemaForm } from "../form/use-schema-form";
import { Timeline } from "./order-desk";
import { OrderTitle, ServiceBrief } from "./order-parts";

const card = "rounded-3xl border border-line bg-white p-4 sm:p-6";

export function WorkshopDesk({
  order,
  lastResult,
}: {
  order: WorkshopOrder;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const steps = order.nextStatuses.filter((status) => PRODUCTION_STEPS.includes(status));
  const [form, fields] = useSchemaForm({
    id: "order-status",
    schema: StatusFormSchema,
    lastResult,
    defaultValue: { status: steps[0] ?? "" },
  });
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "status";
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <OrderTitle order={order} />
        </div>
        <Link
          to={`/admin/orders/${order._id}/workshop-sheet`}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-ink px-4 text-sm hover:bg-ink hover:text-white"
        >
          Workshop sheet
        </Link>
      </header>

      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2 xl:items-start">
        <div className="min-w-0 space-y-5">
          <section aria-labelledby="status-heading" className={card}>
            <h2 id="status-heading" className="font-serif text-xl">
              Status: {STATUS_LABELS[order.status]}
            </h2>
            <p className="mt-1 text-sm text-stone">
              The customer reads: “{statusExplanation(order.status, order.kind)}”
            </p>
            {steps.length > 0 ? (
              <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
                <input type="hidden" name="intent" value="status" />
                <FormErrors form={form} />
                <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                  <div className="min-w-0 flex-1">
                    <SelectField
                      meta={fields.status}
                      label="Move to"
                      options={steps.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
                    />
                  </div>
                  <div className="sm:mb-[1px]">
                    <SubmitButton pending={pending} pendingLabel="Saving..." wide={false}>
                      Update status
                    </SubmitButton>
                  </div>
                </div>
              </Form>
            ) : (
              <p className="mt-4 text-sm">No production step to take now: the owner or sales moves it on.</p>
            )}
          </section>

          <section aria-labelledby="lines-heading" className={card}>
            <h2 id="lines-heading" className="font-serif text-xl">
              {order.kind === "service"
                ? "Service request"
                : order.kind === "swatches"
                  ? "Swatches to send"
                  : "What to make"}
            </h2>
            {order.service && <ServiceBrief service={order.service} briefOnly />}
            {order.lines.length > 0 && (
              <ul className="mt-3 divide-y divide-line">
                {order.lines.map((line) => (
                  <li key={line._id} className="py-2.5 text-sm">
                    {line.inCatalogue ? (
                      <Link
                        to={itemPath(line.itemType, line.item)}
                        className="inline-flex items-center gap-1 font-medium underline-offset-2 hover:underline"
                      >
                        {line.name} <ExternalLink className="size-3.5 text-stone" aria-hidden="true" />
                      </Link>
                    ) : (
                      <span className="font-medium">{line.name}</span>
                    )}
                    {line.option && <span className="block text-stone">{line.option}</span>}
                    <span className="block text-stone tabular-nums">Quantity {line.quantity}</span>
                  </li>
                ))}
              </ul>
            )}
            {order.expectedReadyDate && (
              <p className="mt-2 border-t border-line pt-3 text-sm">
                Expected ready: <span className="font-medium">{formatDay(order.expectedReadyDate)}</span>
              </p>
            )}
          </section>
        </div>
        <div className="min-w-0 space-y-5">
          <section aria-labelledby="customer-heading" className={card}>
            <h2 id="customer-heading" className="font-serif text-xl">
              Customer
            </h2>
            {/* The server leaves out the name for the workshop: the area is where the pieces go. */}
            <p className="mt-2 text-sm">
              {order.customer.name && <>{order.customer.name} · </>}
              <span className="text-stone">{order.customer.area ?? "No area given"}</span>
            </p>
            {order.customer.note && (
              <p className="mt-1 text-sm whitespace-pre-line text-stone">{order.customer.note}</p>
            )}
          </section>
          <section aria-labelledby="timeline-heading" className={card}>
            <h2 id="timeline-heading" className="font-serif text-xl">
              Timeline
            </h2>
            <Timeline order={order} />
          </section>
        </div>
      </div>
    </div>
  );
}
