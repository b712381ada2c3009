/**
 * /admin/customers?search=&sort=&page=: the customer book (docs/product.md, Customers),
 * Owner and Sales only. Search and sort are a plain GET form, so they work without
 * scripts; Export CSV downloads the same list from the admin API. The Owner ticks two
 * records of one person and merges them (the first ticked is kept).
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { displayPhone } from "../../../domain/accounts/phone";
import { formatMoment } from "../../../domain/dates";
import {
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORTS,
  CustomerListQuerySchema,
  CustomerMergeFormSchema,
  SORT_LABELS,
  type CustomerListQuery,
  type CustomerSummary,
} from "../../../domain/customers/customers.schema";
import { formatNaira } from "../../../domain/money";
import { allows } from "../../../domain/staff/permissions";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { Pager } from "../../components/admin/pager";
import { FormErrors, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import { CUSTOMERS_EXPORT, customerPath } from "../../features/admin/customer-links";
import { actionAnswer, invalidReply, redirectWithFlash, refusedReply } from "../../lib/page-actions.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [{ title: "Customers" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "customers.read");
  const params = new URL(request.url).searchParams;
  const asked = Object.fromEntries(
    ["search", "sort", "page"].flatMap((name) => {
      const value = params.get(name)?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  // An address typed by hand that cannot be read shows the whole book, saying why.
  const parsed = CustomerListQuerySchema.safeParse(asked);
  const query: CustomerListQuery = parsed.success
    ? parsed.data
    : { search: undefined, sort: "last_contact", page: 1, limit: CUSTOMER_PAGE_SIZE };
  const [list, unread] = await Promise.all([context.customers.list(query), context.admin.countUnreadMessages()]);
  return {
    list,
    query,
    notice: parsed.success ? null : (parsed.error.issues[0]?.message ?? null),
    canMerge: allows(viewer.roles, "customers.merge"),
    unread,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "customers.merge");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: CustomerMergeFormSchema });
  if (submission.status !== "success") return actionAnswer({ result: invalidReply(submission) }, 400);
  try {
    const [keep, other] = submission.value.ids;
    const merged = await context.customers.merge({ ids: [keep, other] });
    return redirectWithFlash(customerPath(merged._id), { kind: "success", message: "The two records are one now." });
  } catch (error) {
    const refusal = readRefusal(error);
    return actionAnswer({ result: refusedReply(submission, refusal) }, refusal.status);
  }
}

const fieldClass =
  "block h-11 w-full min-w-0 rounded-xl border border-line bg-white px-3 text-[15px] focus:border-ink focus:outline-none";
const MERGE_FORM = "merge-customers";

export default function Customers({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, notice, canMerge, unread } = loaderData;
  const totalPages = Math.max(1, Math.ceil(list.total / query.limit));
  const exportParams = new URLSearchParams({ sort: query.sort, ...(query.search ? { search: query.search } : {}) });
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="customers" unread={unread} />
      <div className="min-w-0">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-serif text-3xl md:text-4xl">Customers</h1>
            <p className="mt-2 text-stone">Everyone who ordered, signed up or wrote to the shop, one record each.</p>
          </div>
          <a
            href={`${CUSTOMERS_EXPORT}?${exportParams}`}
            download
            className="inline-flex h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm hover:border-ink"
          >
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </a>
        </div>

        <Form
          method="get"
          role="search"
          aria-label="Find customers"
          className="mt-5 grid grid-cols-[1fr_auto] gap-3 rounded-3xl border border-line bg-white p-4 sm:grid-cols-[1fr_12rem_auto] sm:p-5"
        >
          <label className="col-span-2 text-sm font-medium sm:col-span-1">
            Search
            <input
              type="search"
              name="search"
              defaultValue={query.search ?? ""}
              maxLength={100}
              placeholder="Name, phone, e-mail or order reference"
              className={`mt-1.5 ${fieldClass}`}
            />
          </label>
          <label className="text-sm font-medium">
            Sort by
            <select name="sort" defaultValue={query.sort} className={`mt-1.5 ${fieldClass}`}>
              {CUSTOMER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
          <div className="flex items-end">
            <button
              type="submit"
              className="inline-flex h-11 items-center gap-2 rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90"
            >
              <Search className="size-4" aria-hidden="true" /> Find
            </button>
          </div>
        </Form>

        {notice && (
          <p role="status" className="mt-4 rounded-2xl bg-sand px-4 py-3 text-sm">
            {notice} Showing every customer.
          </p>
        )}

        <section aria-labelledby="customers-count" className="mt-5 rounded-3xl border border-line bg-white">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-3">
            <h2 id="customers-count" className="text-sm text-stone">
              {list.total} {list.total === 1 ? "customer" : "customers"}
              {query.search ? ` matching “${query.search}”` : ""}
            </h2>
            {canMerge && list.customers.length > 1 && <MergeForm lastResult={actionData?.result} />}
          </div>
          {list.customers.length === 0 ? (
            <p className="px-6 py-16 text-center text-stone">
              {query.search
                ? "Nobody matches. Try part of the name or number."
                : "Nobody yet. Customers appear here with their first order or message."}
            </p>
          ) : (
            <ul data-testid="customers">
              {list.customers.map((customer) => (
                <CustomerRow key={customer._id} customer={customer} canMerge={canMerge} />
              ))}
            </ul>
          )}
          <div className="border-t border-line px-4 py-3 empty:hidden">
            <Pager page={query.page} totalPages={totalPages} />
          </div>
        </section>
      </div>
    </div>
  );
}

function MergeForm({ lastResult }: { lastResult: Parameters<typeof useSchemaForm>[0]["lastResult"] }) {
  const [form] = useSchemaForm({ id: MERGE_FORM, schema: CustomerMergeFormSchema, lastResult });
  const navigation = useNavigation();
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-3">
      <FormErrors form={form} />
      <SubmitButton
        pending={navigation.state === "submitting" && navigation.formMethod === "POST"}
        pendingLabel="Merging..."
        wide={false}
      >
        Merge the two ticked
      </SubmitButton>
    </Form>
  );
}

function CustomerRow({ customer, canMerge }: { customer: CustomerSummary; canMerge: boolean }) {
  const label = customer.name || "No name given";
  return (
    <li className="flex gap-3 border-b border-line px-4 py-4 last:border-0 sm:px-5" data-testid="customer">
      {canMerge && (
        <input
          type="checkbox"
          name="ids"
          value={customer._id}
          form={MERGE_FORM}
          aria-label={`Tick ${label} to merge`}
          className="mt-1.5 size-5 shrink-0 accent-ink"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <Link to={customerPath(customer._id)} className="font-medium underline-offset-4 hover:underline">
            {label}
          </Link>
          <span className="text-sm text-stone">
            Last contact <time dateTime={customer.lastContactAt}>{formatMoment(customer.lastContactAt)}</time>
          </span>
        </div>
        <p className="mt-1 text-sm break-words text-stone">
          {[...customer.phones.map(displayPhone), ...customer.emails, ...customer.areas].join(" · ") || "No contact"}
        </p>
        <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-stone">Orders</dt>
            <dd>{customer.ordersCount}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-stone">Paid</dt>
            <dd>{formatNaira(customer.paid)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-stone">Owes</dt>
            <dd className={customer.balance > 0 ? "font-medium text-clay" : ""}>{formatNaira(customer.balance)}</dd>
          </div>
          {customer.openQuotes > 0 && (
            <div className="flex gap-1.5">
              <dt className="text-stone">Quotes waiting</dt>
              <dd>{customer.openQuotes}</dd>
            </div>
          )}
        </dl>
        {customer.tags.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
            {customer.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-sand px-2.5 py-0.5 text-xs">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
