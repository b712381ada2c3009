/**
 * /admin/orders/:orderId: one order on the owner's desk. The loader reads it (and the
 * sidebar's unread count); the action takes each of the page's forms, told apart by their
 * `intent` (the customer's details, the quote, the status, a note, a payment, removing a
 * payment), checks it with its schema, writes through `context.orderDesk` and comes back
 * here saying so. A refusal (a status the deposit does not allow yet, a finished order)
 * shows the server's words above the form that was sent. The page reloads by itself when
 * the order changes elsewhere (web/features/live/use-live-connection.ts).
 */
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { ZodType, output } from "zod";
import { formatNaira } from "../../../domain/money";
import type { AdminOrder } from "../../../domain/orders/order-answers.schema";
import {
  CustomerFormSchema,
  DeletePaymentFormSchema,
  NoteFormSchema,
  PaymentFormSchema,
  QuoteFormSchema,
  StatusFormSchema,
  type OrderDeskIntent,
} from "../../../domain/orders/order-desk-forms.schema";
import { STATUS_LABELS } from "../../../domain/orders/order-status";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { OrderDesk } from "../../components/admin/order-desk";
import { readRefusal, requireAdminPage } from "../../features/admin/admin-page.server";
import { answer, invalidReply, readSubmission, redirectWithFlash, refusedReply } from "../../lib/page-actions.server";
import type { Route } from "./+types/order";

export const orderPath = (id: string) => `/admin/orders/${id}`;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Order ${loaded.order.reference}` : "Order" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const [order, unread] = await Promise.all([
    context.orderDesk.get(params.orderId),
    context.admin.countUnreadMessages(),
  ]);
  if (!order) throw data("Order not found.", { status: 404 });
  return { order, unread, shopName: context.site.shopName };
}

/** What each form says once saved. */
const DONE: Record<Exclude<OrderDeskIntent, "delete-payment">, (order: AdminOrder) => string> = {
  customer: () => "Customer details saved.",
  quote: (order) => `Quote saved: total ${formatNaira(order.total)}.`,
  status: (order) => `Order marked “${STATUS_LABELS[order.status]}”.`,
  note: () => "Note added to the timeline.",
  payment: () => "Payment recorded.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  const id = params.orderId;
  const desk = context.orderDesk;
  switch (intent) {
    case "customer":
      return save(request, id, intent, CustomerFormSchema, (customer) => desk.update(id, { customer }));
    case "quote":
      return save(request, id, intent, QuoteFormSchema, (quote) => desk.update(id, quote));
    case "status":
      return save(request, id, intent, StatusFormSchema, (change) => desk.update(id, change));
    case "note":
      return save(request, id, intent, NoteFormSchema, (change) => desk.update(id, change));
    case "payment":
      return save(request, id, intent, PaymentFormSchema, (payment) => desk.addPayment(id, payment));
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

/** Checks one form with its schema and writes it; back here with the outcome, or the form's messages. */
async function save<S extends ZodType>(
  request: Request,
  id: string,
  intent: Exclude<OrderDeskIntent, "delete-payment">,
  schema: S,
  write: (value: output<S>) => Promise<AdminOrder>,
) {
  const { submission } = await readSubmission(request, schema);
  if (submission.status !== "success") {
    return data({ intent, result: invalidReply(submission) }, { status: 400 });
  }
  let order: AdminOrder;
  try {
    order = await write(submission.value as output<S>);
  } catch (error) {
    const refusal = readRefusal(error);
    return data({ intent, result: refusedReply(submission, refusal) }, { status: refusal.status });
  }
  return redirectWithFlash(orderPath(id), { kind: "success", message: DONE[intent](order) });
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, unread, shopName } = loaderData;
  // A form's answer; removing a payment answers its own fetcher.
  const answered = actionData && "intent" in actionData ? actionData : null;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="orders" unread={unread} />
      <div className="min-w-0">
        <OrderDesk order={order} shopName={shopName} answered={answered} />
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
