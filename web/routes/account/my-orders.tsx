/**
 * A signed-in customer's orders, newest first, each opening its tracking page. Guests are
 * asked to log in and admins go to the dashboard, as on the profile.
 */
import { Package } from "lucide-react";
import { Link, redirect } from "react-router";
import { formatNaira } from "../../../domain/money";
import { OrderStatusBadge } from "../../components/orders/order-status-badge";
import { PageHero } from "../../components/ui/page-hero";
import { formatDate } from "../../../domain/dates";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/my-orders";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/login");
  if (viewer.isAdmin) throw redirect("/admin/dashboard");
  const orders = await context.orders.mine();
  return {
    orders: orders.map((order) => ({
      id: order._id,
      reference: order.reference,
      status: order.status,
      placedOn: formatDate(order.createdAt),
      summary:
        order.service?.name ??
        (order.lines.length > 1
          ? `${order.lines[0]!.name} and ${order.lines.length - 1} more`
          : (order.lines[0]?.name ?? "")),
      total: order.total,
      balance: order.balance,
      path: new URL(order.trackingUrl).pathname,
    })),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "My orders",
    description: "Your orders and where each one is.",
    path: "/profile/orders",
    noindex: true,
  });

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <>
      <PageHero eyebrow="Account" title="My orders">
        Every order you sent us on WhatsApp, and where it is now.
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-5 md:px-8 md:py-14">
        <Link to="/profile" className="text-sm text-stone underline-offset-4 hover:text-ink hover:underline">
          ← Back to My Profile
        </Link>
        {orders.length === 0 ? (
          <div className="mt-8 rounded-3xl bg-sand px-6 py-12 text-center">
            <Package className="mx-auto size-6 text-stone" aria-hidden="true" />
            <p className="mt-3">You have no orders yet.</p>
            <Link
              to="/shop"
              className="mt-6 inline-block rounded-full bg-ink px-6 py-3 text-sm text-white hover:bg-ink/90"
            >
              Start shopping!
            </Link>
          </div>
        ) : (
          <ul className="mt-8 space-y-4" aria-label="Your orders">
            {orders.map((order) => (
              <li key={order.id}>
                <Link to={order.path} className="block rounded-3xl border border-line p-5 hover:border-ink sm:p-6">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <p className="font-serif text-xl">{order.reference}</p>
                    <OrderStatusBadge status={order.status} />
                  </div>
                  <p className="mt-1 text-sm text-stone">
                    {order.placedOn}
                    {order.summary && ` · ${order.summary}`}
                  </p>
                  <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-line pt-4 text-sm">
                    <div>
                      <dt className="text-stone">Total</dt>
                      <dd className="mt-0.5 tabular-nums">
                        {order.total > 0 ? formatNaira(order.total) : "To be quoted"}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-stone">Balance</dt>
                      <dd className="mt-0.5 tabular-nums">{order.total > 0 ? formatNaira(order.balance) : "—"}</dd>
                    </div>
                  </dl>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
