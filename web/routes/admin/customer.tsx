/**
 * /admin/customers/:customerId: one customer (docs/product.md, Customers). Their numbers
 * and addresses, what they paid and owe, one tap to WhatsApp with a message chosen from
 * the shop's texts, their tags and keeper, a private note, their orders and service
 * requests with status and money, and the timeline of every contact, newest first. The
 * Owner ticks orders that belong to someone else and splits them off. Every form is a
 * real post, so each works before the page's scripts load.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MessageCircle } from "lucide-react";
import type { ZodType } from "zod";
import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { displayPhone } from "../../../domain/accounts/phone";
import {
  customerMessage,
  customerMessageKinds,
  CUSTOMER_MESSAGE_LABELS,
  firstName,
} from "../../../domain/customers/customer-messages";
import {
  CustomerDetailsFormSchema,
  CustomerNoteFormSchema,
  CustomerSplitFormSchema,
  type CustomerDetail,
  type TimelineEntry,
} from "../../../domain/customers/customers.schema";
import { formatMoment } from "../../../domain/dates";
import { formatNaira } from "../../../domain/money";
import { STATUS_LABELS } from "../../../domain/orders/order-status";
import { allows } from "../../../domain/staff/permissions";
import { whatsappLink } from "../../../domain/whatsapp";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { Field, FormErrors, SelectField, SubmitButton, TextAreaField } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import { CUSTOMERS_PAGE, customerPath } from "../../features/admin/customer-links";
import { journalOf } from "../../features/admin/journal-links";
import { actionAnswer, invalidReply, redirectWithFlash, refusedReply } from "../../lib/page-actions.server";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.customer.name || "Customer"} · Customers` : "Customer" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "customers.read");
  let customer: CustomerDetail;
  try {
    customer = await context.customers.get(params.customerId);
  } catch (error) {
    const refusal = readRefusal(error);
    throw data(refusal.message, { status: refusal.status });
  }
  const [keepers, unread] = await Promise.all([context.customers.keepers(), context.admin.countUnreadMessages()]);
  return {
    customer,
    keepers,
    unread,
    shopName: context.site.shopName,
    canWrite: allows(viewer.roles, "customers.write"),
    canSplit: allows(viewer.roles, "customers.merge"),
    canReadJournal: allows(viewer.roles, "journal.read"),
  };
}

type Intent = "note" | "details" | "split";

export async function action({ request, params, context }: Route.ActionArgs) {
  requireStaffPage(context, "customers.read");
  const id = params.customerId;
  const intent = String((await request.clone().formData()).get("intent") ?? "") as Intent;
  const book = context.customers;
  switch (intent) {
    case "note":
      return save(request, intent, CustomerNoteFormSchema, async (note) => {
        await book.update(id, note);
        return { to: customerPath(id), message: "Note added." };
      });
    case "details":
      return save(request, intent, CustomerDetailsFormSchema, async (details) => {
        await book.update(id, details);
        return { to: customerPath(id), message: "Saved." };
      });
    case "split":
      return save(request, intent, CustomerSplitFormSchema, async (split) => {
        const made = await book.split(id, split);
        return { to: customerPath(made._id), message: "Split off: these orders have a record of their own." };
      });
    default:
      return redirectWithFlash(customerPath(id), { kind: "error", message: "Unknown action." });
  }
}

/** Checks one form and writes it; on to the page the write names, or back with the form's messages. */
async function save<S extends ZodType<Record<string, unknown>>>(
  request: Request,
  intent: Intent,
  schema: S,
  write: (value: S["_output"]) => Promise<{ to: string; message: string }>,
) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return actionAnswer({ intent, result: invalidReply(submission) }, 400);
  try {
    const { to, message } = await write(submission.value);
    return redirectWithFlash(to, { kind: "success", message });
  } catch (error) {
    const refusal = readRefusal(error);
    return actionAnswer({ intent, result: refusedReply(submission, refusal) }, refusal.status);
  }
}

const card = "rounded-3xl border border-line bg-white p-4 sm:p-6";
type LastResult = SubmissionResult<string[]> | null | undefined;

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, keepers, unread, shopName, canWrite, canSplit, canReadJournal } = loaderData;
  const answered = (intent: Intent): LastResult => (actionData?.intent === intent ? actionData.result : undefined);
  const name = customer.name || "No name given";
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="customers" unread={unread} />
      <div className="min-w-0 space-y-5">
        <div>
          <Link to={CUSTOMERS_PAGE} className="text-sm text-stone underline-offset-4 hover:underline">
            ← Customers
          </Link>
          <h1 className="mt-2 font-serif text-3xl break-words md:text-4xl">{name}</h1>
          <p className="mt-2 text-sm break-words text-stone">
            {[...customer.areas].join(" · ") || "No area given"} · first contact{" "}
            <time dateTime={customer.firstContactAt}>{formatMoment(customer.firstContactAt)}</time>
            {canReadJournal && (
              <>
                {" · "}
                <Link to={journalOf("customers", customer._id)} className="underline-offset-4 hover:underline">
                  Journal
                </Link>
              </>
            )}
          </p>
        </div>

        <section aria-labelledby="customer-contact" className={card}>
          <h2 id="customer-contact" className="font-medium">
            Contact
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            {customer.phones.map((phone) => (
              <li key={phone}>
                <a href={`tel:${phone}`} className="underline-offset-4 hover:underline">
                  {displayPhone(phone)}
                </a>
              </li>
            ))}
            {customer.emails.map((email) => (
              <li key={email}>
                <a href={`mailto:${email}`} className="break-all underline-offset-4 hover:underline">
                  {email}
                </a>
              </li>
            ))}
          </ul>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label="Orders" value={String(customer.ordersCount)} />
            <Figure label="Paid" value={formatNaira(customer.paid)} />
            <Figure label="Owes" value={formatNaira(customer.balance)} />
            <Figure label="Quotes waiting" value={String(customer.openQuotes)} />
          </dl>
          {customer.phones[0] && (
            <WhatsappMessages customer={customer} phone={customer.phones[0]} shopName={shopName} />
          )}
        </section>

        {canWrite && (
          <section aria-labelledby="customer-notes" className={card}>
            <h2 id="customer-notes" className="font-medium">
              Notes and tags
            </h2>
            <NoteForm lastResult={answered("note")} />
            <DetailsForm customer={customer} keepers={keepers} lastResult={answered("details")} />
          </section>
        )}

        <section aria-labelledby="customer-orders" className={card}>
          <h2 id="customer-orders" className="font-medium">
            Orders and requests
          </h2>
          {customer.orders.length === 0 ? (
            <p className="mt-3 text-sm text-stone">No orders yet.</p>
          ) : (
            <OrderList customer={customer} canSplit={canSplit} lastResult={answered("split")} />
          )}
        </section>

        <section aria-labelledby="customer-timeline" className={card}>
          <h2 id="customer-timeline" className="font-medium">
            Timeline
          </h2>
          <ol className="mt-4 space-y-3 border-l-2 border-line pl-4" aria-label="Timeline, newest first">
            {customer.timeline.map((entry, index) => (
              <TimelineItem key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-sand/50 px-3 py-2">
      <dt className="text-xs text-stone">{label}</dt>
      <dd className="mt-0.5 font-medium">{value}</dd>
    </div>
  );
}

/** One tap each: WhatsApp opens with the text filled in, to the customer's first number. */
function WhatsappMessages({
  customer,
  phone,
  shopName,
}: {
  customer: CustomerDetail;
  phone: string;
  shopName: string;
}) {
  const facts = {
    shopName,
    name: firstName(customer.name),
    balance: customer.balance,
    openQuotes: customer.openQuotes,
  };
  return (
    <div className="mt-5">
      <h3 className="text-sm font-medium">Message on WhatsApp</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {customerMessageKinds(facts).map((kind) => (
          <li key={kind}>
            <a
              href={whatsappLink(phone, customerMessage(kind, facts))}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-11 items-center gap-2 rounded-full border border-line px-4 text-sm hover:border-ink"
            >
              <MessageCircle className="size-4" aria-hidden="true" /> {CUSTOMER_MESSAGE_LABELS[kind]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const usePending = (intent: Intent) => {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
};

function NoteForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm({ id: "customer-note", schema: CustomerNoteFormSchema, lastResult });
  const pending = usePending("note");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="note" />
      <FormErrors form={form} />
      <TextAreaField
        meta={fields.notes}
        label="Add a note"
        rows={3}
        maxLength={2000}
        hint="For the staff only: the customer never sees notes."
      />
      <SubmitButton pending={pending} pendingLabel="Adding..." wide={false}>
        Add note
      </SubmitButton>
    </Form>
  );
}

function DetailsForm({
  customer,
  keepers,
  lastResult,
}: {
  customer: CustomerDetail;
  keepers: Array<{ _id: string; name: string }>;
  lastResult: LastResult;
}) {
  const [form, fields] = useSchemaForm({
    id: "customer-details",
    schema: CustomerDetailsFormSchema,
    lastResult,
    defaultValue: { tags: customer.tags.join(", "), ownerId: customer.ownerId ?? "" },
  });
  const pending = usePending("details");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-3 border-t border-line pt-5 sm:grid-cols-2">
      <input type="hidden" name="intent" value="details" />
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <Field
        meta={fields.tags}
        label="Tags"
        hint="Apart by commas: architect, hotel"
        maxLength={400}
        autoComplete="off"
      />
      <SelectField
        meta={fields.ownerId}
        label="Looked after by"
        placeholder="Nobody in particular"
        options={keepers.map((keeper) => ({ value: keeper._id, label: keeper.name }))}
      />
      <div>
        <SubmitButton pending={pending} pendingLabel="Saving..." wide={false}>
          Save tags and keeper
        </SubmitButton>
      </div>
    </Form>
  );
}

function OrderList({
  customer,
  canSplit,
  lastResult,
}: {
  customer: CustomerDetail;
  canSplit: boolean;
  lastResult: LastResult;
}) {
  const [form] = useSchemaForm({ id: "customer-split", schema: CustomerSplitFormSchema, lastResult });
  const pending = usePending("split");
  const rows = (
    <ul className="mt-3 divide-y divide-line">
      {customer.orders.map((order) => (
        <li key={order._id} className="flex gap-3 py-3">
          {canSplit && customer.orders.length > 1 && (
            <input
              type="checkbox"
              name="orderIds"
              value={order._id}
              aria-label={`Tick ${order.reference} to split it off`}
              className="mt-1 size-5 shrink-0 accent-ink"
            />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Link to={`/admin/orders/${order._id}`} className="font-medium underline-offset-4 hover:underline">
                {order.reference}
              </Link>
              <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs">{STATUS_LABELS[order.status]}</span>
            </div>
            <p className="mt-0.5 text-sm break-words text-stone">{order.summary}</p>
            <p className="mt-1 text-sm">
              Total {formatNaira(order.total)} · paid {formatNaira(order.paid)} · balance {formatNaira(order.balance)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
  if (!canSplit || customer.orders.length < 2) return rows;
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="split" />
      <div className="mt-3">
        <FormErrors form={form} />
      </div>
      {rows}
      <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-line pt-4">
        <SubmitButton pending={pending} pendingLabel="Splitting..." wide={false}>
          Split the ticked off
        </SubmitButton>
        <p className="text-sm text-stone">For orders that belong to someone else: they get a record of their own.</p>
      </div>
    </Form>
  );
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  return (
    <li className="text-sm" data-testid="timeline-entry">
      <p className="font-medium">
        {entry.orderId ? (
          <Link to={`/admin/orders/${entry.orderId}`} className="underline-offset-4 hover:underline">
            {entry.title}
          </Link>
        ) : (
          entry.title
        )}
      </p>
      {entry.detail && <p className="mt-0.5 break-words whitespace-pre-line">{entry.detail}</p>}
      <p className="text-xs text-stone">
        {entry.by ? `${entry.by} · ` : ""}
        <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
      </p>
    </li>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section role="alert" className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="font-serif text-2xl">{notFound ? "Customer not found" : "The customer could not be loaded"}</h1>
      <p className="mt-3 text-stone">
        {notFound ? "They may have been merged into another record." : "Check the connection and try again."}
      </p>
      <Link
        to={CUSTOMERS_PAGE}
        className="mt-6 inline-flex h-11 items-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90"
      >
        Back to customers
      </Link>
    </section>
  );
}
