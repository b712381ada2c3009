/**
 * /admin/orders?status=&search=&page=: the owner's orders, newest first, 20 a page,
 * filtered by status and searched by reference, name, phone or item, all in the URL.
 * A new order unanswered for a day stands out; a service request before its visit and a
 * swatch request say what they are instead of an amount (domain/orders/order-list.ts).
 * The list reloads by itself when an order is placed or changed
 * (web/features/live/use-live-connection.ts).
 */
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { formatNaira } from "../../../domain/money";
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from "../../../domain/orders/order-status";
import { OrderListQuerySchema } from "../../../domain/orders/orders.schema";
import type { OrderSummary } from "../../../domain/orders/order-answers.schema";
import { AdminSidebar, useAdminViewer } from "../../components/admin/admin-sidebar";
import { allows } from "../../../domain/staff/permissions";
import { ageOf, StatusBadge, waitsTooLong } from "../../components/admin/order-parts";
import { Pager } from "../../components/admin/pager";
import { requireStaffPage } from "../../features/admin/admin-page.server";
import { owedLabel, rowLabel } from "../../../domain/orders/order-list";
import type { Route } from "./+types/orders";

export const ORDERS_PAGE = "/admin/orders";
const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = () => [{ title: "Orders" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(context, "orders.read");
  const params = new URL(request.url).searchParams;
  const asked = {
    status: params.get("status") || undefined,
    search: params.get("search")?.trim() || undefined,
    needsRevision: params.get("needsRevision") === "true" ? "true" : undefined,
    page: params.get("page") ?? undefined,
    limit: PAGE_SIZE,
  };
  // An address typed by hand with a status or page that does not exist shows every order, saying why.
  const parsed = OrderListQuerySchema.safeParse(asked);
  const query = parsed.success ? parsed.data : { page: 1, limit: PAGE_SIZE, search: asked.search?.slice(0, 100) };
  const notice = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const [list, unread] = await Promise.all([context.orderDesk.list(query), context.admin.countUnreadMessages()]);
  return {
    list,
    status: "status" in query ? (query.status ?? null) : null,
    search: query.search ?? "",
    toRevise: "needsRevision" in query && query.needsRevision === true,
    page: query.page,
    notice,
    unread,
    now: Date.now(),
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { list, status, search, toRevise, page, notice, unread, now } = loaderData;
  const totalPages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const filterLink = (value: OrderStatus | null) => {
    const params = new URLSearchParams();
    if (value) params.set("status", value);
    if (search) params.set("search", search);
    return params.size ? `?${params}` : ORDERS_PAGE;
  };
  const chip = (active: boolean) =>
    `inline-flex h-9 shrink-0 items-center rounded-full px-3.5 text-sm whitespace-nowrap ${active ? "bg-ink text-white" : "border border-line hover:border-ink"}`;

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="orders" unread={unread} />
      <div className="min-w-0">
        <h1 className="font-serif text-3xl md:text-4xl">Orders</h1>
        <p className="mt-2 text-stone">Every WhatsApp order and service request, newest first.</p>

        <Form method="get" role="search" className="mt-5 flex gap-2">
          {status && <input type="hidden" name="status" value={status} />}
          <label htmlFor="orders-search" className="sr-only">
            Search orders
          </label>
          <input
            id="orders-search"
            type="search"
            name="search"
            defaultValue={search}
            maxLength={100}
            placeholder="Reference, name, phone or item"
            className="h-11 min-w-0 flex-1 rounded-full border border-line bg-white px-4 text-[15px] focus:border-ink focus:outline-none"
          />
          <button
            type="submit"
            className="inline-flex h-11 shrink-0 items-center gap-2 rounded-full bg-ink px-4 text-sm text-white hover:bg-ink/90"
          >
            <Search className="size-4" aria-hidden="true" /> Search
          </button>
        </Form>

        <nav aria-label="Filter by status" className="-mx-4 mt-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
          <ul className="flex gap-2 lg:flex-wrap">
            <li>
              <Link
                to={filterLink(null)}
                className={chip(!status && !toRevise)}
                aria-current={!status && !toRevise ? "page" : undefined}
              >
                All
              </Link>
            </li>
            <li>
              <Link
                to={`${ORDERS_PAGE}?needsRevision=true`}
                className={chip(toRevise)}
                aria-current={toRevise ? "page" : undefined}
              >
                To revise
              </Link>
            </li>
            {ORDER_STATUSES.map((value) => (
              <li key={value}>
                <Link
                  to={filterLink(value)}
                  className={chip(status === value)}
                  aria-current={status === value ? "page" : undefined}
                >
                  {STATUS_LABELS[value]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {notice && (
          <p role="status" className="mt-4 rounded-2xl bg-sand px-4 py-3 text-sm">
            {notice} Showing every order.
          </p>
        )}

        <section aria-labelledby="orders-count" className="mt-5 rounded-3xl border border-line bg-white">
          <h2 id="orders-count" className="border-b border-line px-5 py-3 text-sm text-stone">
            {list.total} {list.total === 1 ? "order" : "orders"}
            {status ? ` ${STATUS_LABELS[status].toLowerCase()}` : ""}
            {toRevise ? " to revise" : ""}
            {search ? ` matching “${search}”` : ""}
          </h2>
          {list.orders.length === 0 ? (
            <p className="px-6 py-16 text-center text-stone">
              {search || status ? "No orders match." : "No orders yet. They appear here as shoppers order."}
            </p>
          ) : (
            <ul data-testid="order-rows">
              {list.orders.map((order) => (
                <OrderRow key={order._id} order={order} now={now} />
              ))}
            </ul>
          )}
          <div className="border-t border-line px-4 py-3 empty:hidden">
            <Pager page={page} totalPages={totalPages} />
          </div>
        </section>
      </div>
    </div>
  );
}

function OrderRow({ order, now }: { order: OrderSummary; now: number }) {
  // Without a name from the server, "No name given" only to those it sends names to.
  const mayName = allows(useAdminViewer()?.roles ?? [], "customers.name");
  const late = waitsTooLong(order, now);
  const label = rowLabel(order);
  return (
    <li className="border-b border-line last:border-0">
      <Link
        to={`${ORDERS_PAGE}/${order._id}`}
        data-testid="order-row"
        className={`block px-4 py-3 sm:px-5 ${late ? "border-l-4 border-clay bg-clay/10 hover:bg-clay/15" : "hover:bg-sand/60"}`}
      >
        <span className="flex items-center justify-between gap-3">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="text-sm font-semibold tracking-wide tabular-nums">{order.reference}</span>
            <StatusBadge status={order.status} />
            {late && <span className="text-xs font-medium text-clay">Waiting over a day</span>}
            {order.needsRevision && (
              <span className="rounded-full bg-promo/10 px-2 py-0.5 text-xs font-medium text-promo">To revise</span>
            )}
          </span>
          {label ? (
            <span className="shrink-0 text-sm">{label}</span>
          ) : (
            order.total !== null && <span className="shrink-0 text-sm tabular-nums">{formatNaira(order.total)}</span>
          )}
        </span>
        <span className="mt-1 block truncate text-sm">
          {(order.customerName ?? mayName) && (
            <span className="font-medium">{order.customerName ?? "No name given"} · </span>
          )}
          <span className="text-stone">{order.summary}</span>
        </span>
        <span className="mt-0.5 flex justify-between gap-3 text-xs text-stone tabular-nums">
          {order.balance === null ? <span /> : <span>{owedLabel(order)}</span>}
          <span>
            <span className="sr-only">Placed </span>
            {ageOf(order.createdAt, now)}
            <span className="sr-only"> ago</span>
          </span>
        </span>
      </Link>
    </li>
  );
}
