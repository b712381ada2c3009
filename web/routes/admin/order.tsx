/**
 * /admin/orders/:orderId: one order on the owner's desk. The loader reads it (and the
 * sidebar's unread count); the action takes each of the page's forms, told apart by their
 * `intent` (the customer's details, the quote, the status, a note, a payment, removing a
 * payment; and through `context.paymentDesk`, asking for a part payment, cancelling a
 * request, confirming or rejecting a transfer, deciding on a held payment), checks it with
 * its schema, writes through the context's doors and comes back here saying so. A refusal (a status the deposit does not allow yet, a finished order)
 * shows the server's words above the form that was sent. The page reloads by itself when
 * the order changes elsewhere (web/features/live/use-live-connection.ts). The workshop,
 * who may not read money, gets the order without amounts and only the production steps.
 */
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { ZodType, output } from "zod";
import { formatNaira } from "../../../domain/money";
import type { AdminOrder, WorkshopOrder } from "../../../domain/orders/order-answers.schema";
import {
  CustomerFormSchema,
  DeletePaymentFormSchema,
  NoteFormSchema,
  PaymentFormSchema,
  QuoteFormSchema,
} from "../../../domain/orders/order-desk-forms.schema";
import { STATUS_LABELS } from "../../../domain/orders/order-status";
import { orderUpdateMessage } from "../../../domain/orders/order-update-message";
import { allows } from "../../../domain/staff/permissions";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { OrderDesk } from "../../components/admin/order-desk";
import { WorkshopDesk } from "../../components/admin/workshop-desk";
import { targetOf, type DeskIntent } from "../../components/admin/order-desk-forms";
import { readRefusal, requireStaffPage, withAmounts } from "../../features/admin/admin-page.server";
import { PaymentDeskForms, StatusMoveFormSchema } from "../../features/admin/payment-forms";
import {
  actionAnswer,
  answer,
  invalidReply,
  readSubmission,
  redirectWithFlash,
  refusedReply,
} from "../../lib/page-actions.server";
import type { Route } from "./+types/order";
import { parseWithZod } from "@conform-to/zod/v4";
import { quoteBodyOf, SendQuoteFormSchema } from "../../../domain/quotes/quote-form.schema";
import { QuoteValiditySchema } from "../../../domain/quotes/quotes.schema";
import { withFilesRead } from "../../features/admin/admin-form-data";
import { VISIT_FORM_INTENT } from "../../components/admin/order-visit";
import { SENT_PARAM } from "../../components/admin/quote-builder";
import { formatVisit } from "../../../domain/orders/visits";

export const orderPath = (id: string) => `/admin/orders/${id}`;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Order ${(loaded.order ?? loaded.workshop).reference}` : "Order" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "orders.read");
  const [found, unread] = await Promise.all([
    context.orderDesk.get(params.orderId),
    context.admin.countUnreadMessages(),
  ]);
  if (!found) throw data("Order not found.", { status: 404 });
  // The workshop's view has no amounts: their page shows what to make and the production steps.
  const view = "withoutAmounts" in found ? { order: null, workshop: found } : { order: found, workshop: null };
  // "Message customer": the shop's own message for the order's step, filled, for those who
  // may read the customer's details (the templates themselves stay on the server).
  const customerMessage =
    view.order && allows(viewer.roles, "customers.read")
      ? orderUpdateMessage(view.order, context.site.messageTemplates, {
          customerName: view.order.customer.name,
          salesperson: view.order.assignee,
        })
      : null;
  return { ...view, unread, customerMessage, shopName: context.site.shopName, now: Date.now() };
}

/** What each form says once saved. */
const DONE: Record<Exclude<DeskIntent, "delete-payment">, (order: AdminOrder | WorkshopOrder) => string> = {
  customer: () => "Customer details saved.",
  quote: (order) =>
    "total" in order
      ? `${order.kind === "swatches" ? "Fee" : "Quote"} saved: total ${formatNaira(order.total)}.`
      : "Quote saved.",
  "send-quote": (order) =>
    "quote" in order && order.quote
      ? `Quote version ${order.quote.version} sent: total ${formatNaira(order.quote.total)}.`
      : "Quote sent.",
  "quote-validity": () => "Quote validity changed.",
  status: (order) => `Order marked “${STATUS_LABELS[order.status]}”.`,
  note: () => "Note added to the timeline.",
  payment: () => "Payment recorded.",
  "part-request": () => "Part payment asked for: the customer can pay it from their order's page.",
  "cancel-request": () => "Request cancelled.",
  "confirm-transfer": () => "Transfer confirmed and recorded as a payment.",
  "reject-transfer": () => "Transfer rejected: the customer reads why on their order's page.",
  "release-held": () => "Held payment credited to the order.",
  "refund-note": () => "Refund recorded: the held payment stays uncredited.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  // Each form's write is checked at the server's door (the workshop may move production
  // steps only; confirming transfers and deciding on held payments need "payments.confirm").
  requireStaffPage(context, "orders.read");
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  const id = params.orderId;
  const desk = context.orderDesk;
  const money = context.paymentDesk;
  const forms = PaymentDeskForms;
  switch (intent) {
    case "customer":
      return save(request, id, intent, CustomerFormSchema, (customer) =>
        desk.update(id, { customer }).then(withAmounts),
      );
    case "quote":
      return save(request, id, intent, QuoteFormSchema, (quote) => desk.update(id, quote).then(withAmounts));
    case "send-quote":
      return sendQuote(request, id, context);
    case "quote-validity":
      return save(request, id, intent, QuoteValiditySchema, (validity) => desk.setQuoteValidity(id, validity));
    case "status":
      return save(request, id, intent, StatusMoveFormSchema, (change) => desk.update(id, change));
    case "note":
      return save(request, id, intent, NoteFormSchema, (change) => desk.update(id, change).then(withAmounts));
    case "payment":
      return save(request, id, intent, PaymentFormSchema, (payment) => desk.addPayment(id, payment));
    case "part-request":
      return save(request, id, intent, forms[intent], (body) => money.requestPart(id, body));
    case "cancel-request":
      return save(request, id, intent, forms[intent], ({ reference }) => money.cancelRequest(id, reference));
    case "confirm-transfer":
      return save(request, id, intent, forms[intent], ({ transferId }) => money.confirmTransfer(id, transferId));
    case "reject-transfer":
      return save(request, id, intent, forms[intent], ({ transferId, reason }) =>
        money.rejectTransfer(id, transferId, { reason }),
      );
    case "release-held":
      return save(request, id, intent, forms[intent], ({ requestId }) => money.releaseHeld(id, requestId));
    case "refund-note":
      return save(request, id, intent, forms[intent], ({ requestId, note }) =>
        money.refundNote(id, requestId, { note }),
      );
    case VISIT_FORM_INTENT: {
      // Proposing times (up to five), or booking the one agreed (`book`): the blank fields are left out.
      const formData = await request.formData();
      const slots = formData.getAll("slots").filter((slot): slot is string => typeof slot === "string" && slot !== "");
      const book = formData.get("book") === "true";
      try {
        const order = await desk.proposeVisit(id, { slots, book });
        const message = book
          ? `Visit booked for ${formatVisit(order.visit!.bookedFor!)}.`
          : "Visit times proposed: the customer chooses one on their order's page.";
        return redirectWithFlash(orderPath(id), { kind: "success", message });
      } catch (error) {
        const refusal = readRefusal(error);
        return answer(request, formData, { kind: "error", message: refusal.message }, refusal.status);
      }
    }
    case "delete-payment": {
      const { formData, submission } = await readSubmission(request, DeletePaymentFormSchema);
      if (submission.status !== "success") {
        return answer(request, formData, { kind: "error", message: "Choose the payment to remove." }, 400);
      }
      try {
        await desk.deletePayment(id, submission.value.paymentId);
      } catch (error) {
        const refusal = readRefusal(error);
        return answer(request, formData, { kind: "error", message: refusal.message }, refusal.status);
      }
      return answer(request, formData, { kind: "success", message: "Payment removed." });
    }
    default:
      return answer(request, null, { kind: "error", message: "Unknown action." }, 400);
  }
}

/** "Send quote": the form's chosen pictures read as the data strings the media pipeline checks. */
async function sendQuote(request: Request, id: string, context: Route.ActionArgs["context"]) {
  const formData = await withFilesRead(await request.formData());
  const submission = parseWithZod(formData, { schema: SendQuoteFormSchema });
  if (submission.status !== "success") {
    return actionAnswer({ intent: "send-quote" as const, target: null, result: invalidReply(submission) }, 400);
  }
  let order: AdminOrder;
  try {
    order = await context.orderDesk.sendQuote(id, quoteBodyOf(submission.value));
  } catch (error) {
    const refusal = readRefusal(error);
    return actionAnswer(
      { intent: "send-quote" as const, target: null, result: refusedReply(submission, refusal) },
      refusal.status,
    );
  }
  // Back with the version just sent: the page hands it to WhatsApp (web/components/admin/quote-builder.tsx).
  const sent = order.quote ? `?${SENT_PARAM}=${order.quote.version}` : "";
  return redirectWithFlash(`${orderPath(id)}${sent}`, { kind: "success", message: DONE["send-quote"](order) });
}

/**
 * Checks one form with its schema and writes it; back here with the outcome, or the form's
 * messages (with the request or transfer it acted on, for the forms a list repeats).
 */
async function save<S extends ZodType>(
  request: Request,
  id: string,
  intent: Exclude<DeskIntent, "delete-payment">,
  schema: S,
  write: (value: output<S>) => Promise<AdminOrder | WorkshopOrder>,
) {
  const { formData, submission } = await readSubmission(request, schema);
  const target = targetOf(formData);
  if (submission.status !== "success") {
    return actionAnswer({ intent, target, result: invalidReply(submission) }, 400);
  }
  let order: AdminOrder | WorkshopOrder;
  try {
    order = await write(submission.value as output<S>);
  } catch (error) {
    const refusal = readRefusal(error);
    return actionAnswer({ intent, target, result: refusedReply(submission, refusal) }, refusal.status);
  }
  return redirectWithFlash(orderPath(id), { kind: "success", message: DONE[intent](order) });
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, workshop, unread, customerMessage, shopName, now } = loaderData;
  // A form's answer; removing a payment answers its own fetcher.
  const answered = actionData && "intent" in actionData ? actionData : null;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="orders" unread={unread} />
      <div className="min-w-0">
        {order ? (
          <OrderDesk
            order={order}
            shopName={shopName}
            customerMessage={customerMessage}
            answered={answered}
            now={now}
          />
        ) : (
          <WorkshopDesk order={workshop} lastResult={answered?.intent === "status" ? answered.result : undefined} />
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section role="alert" className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="font-serif text-2xl">{notFound ? "Order not found" : "The order could not be loaded"}</h1>
      <p className="mt-3 text-stone">
        {notFound ? "It may have been mistyped." : "Check the connection and try again."}
      </p>
      <Link
        to="/admin/orders"
        className="mt-6 inline-flex h-11 items-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90"
      >
        Back to orders
      </Link>
    </section>
  );
}
