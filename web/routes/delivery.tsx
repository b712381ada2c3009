/**
 * /delivery: the shopper says where their order goes (docs/product.md, Delivery). A
 * search of every known area (typos forgiven), the ones the shop delivers to first, each
 * with its fee or "on request"; choosing one remembers it on the device (and the account)
 * and goes back to the page that asked (`?back=`). The cart's and the order sheet's floor,
 * lift and installation form posts here too. Plain forms throughout: no list of areas is
 * downloaded, and it all works without scripts.
 */
import { Search } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { ownPath } from "../../domain/own-path";
import { formatNaira } from "../../domain/money";
import { PageHero } from "../components/ui/page-hero";
import { answer, backPath, refusalOf } from "../lib/page-actions.server";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/delivery";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 80);
  const back = ownPath(url.searchParams.get("back")) ?? "/cart";
  const [chosen, areas] = await Promise.all([context.delivery.choice(), context.delivery.areas(search || undefined)]);
  return { search, back, chosen, areas };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const back = backPath(request, formData, "/cart");
  const choice =
    formData.get("intent") === "details"
      ? {
          floor: String(formData.get("floor") ?? "0"),
          lift: formData.has("lift"),
          installation: formData.has("installation"),
        }
      : { areaId: String(formData.get("areaId") ?? "") };
  try {
    await context.delivery.choose(choice);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return answer(request, formData, { kind: "error", message: refusal.message }, refusal.status);
  }
  return redirect(back, 303);
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Where should we deliver?",
    description: "Choose your area to see delivery prices before you order.",
    path: "/delivery",
    noindex: true,
  });

export default function DeliveryPage({ loaderData }: Route.ComponentProps) {
  const { search, back, chosen, areas } = loaderData;
  return (
    <>
      <PageHero eyebrow="Delivery" title="Where should we deliver?">
        Choose your area to see the delivery price on every piece, in your cart and in your order.
      </PageHero>
      <div className="mx-auto max-w-2xl px-4 py-8 sm:px-5 md:px-8 md:py-12">
        {chosen?.area && (
          <p className="mb-6 rounded-2xl bg-sand p-4 text-sm">
            Now delivering to <strong className="font-medium">{chosen.area.name}</strong>, {chosen.area.lga},{" "}
            {chosen.area.state}.{" "}
            <Link to={back} className="underline underline-offset-4">
              Keep it
            </Link>
          </p>
        )}
        <Form method="get" role="search" className="flex gap-2">
          <input type="hidden" name="back" value={back} />
          <label className="relative min-w-0 flex-1">
            <span className="sr-only">Your area</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-stone"
              aria-hidden="true"
            />
            <input
              type="search"
              name="search"
              defaultValue={search}
              placeholder="Your area, such as Lekki Phase 1"
              autoComplete="address-level2"
              maxLength={80}
              className="h-12 w-full rounded-full border border-line bg-white pr-4 pl-10"
            />
          </label>
          <button type="submit" className="h-12 shrink-0 rounded-full bg-ink px-5 text-sm text-white">
            Search
          </button>
        </Form>
        <h2 className="mt-8 text-xs tracking-[0.16em] text-stone uppercase">
          {search ? `Areas matching "${search}"` : "Areas we deliver to"}
        </h2>
        {areas.length === 0 ? (
          <p className="mt-4 text-sm text-stone">
            {search
              ? "No area by that name. Try another spelling, or the local government area."
              : "Search for your area above: we will tell you the price, or price it for you on WhatsApp."}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-line border-y border-line">
            {areas.map((area) => (
              <li key={area.id}>
                <Form method="post" action="/delivery" preventScrollReset>
                  <input type="hidden" name="back" value={back} />
                  <input type="hidden" name="areaId" value={area.id} />
                  <button
                    type="submit"
                    aria-current={chosen?.areaId === area.id ? "true" : undefined}
                    className="flex min-h-14 w-full items-center justify-between gap-4 py-3 text-left hover:bg-sand/60 aria-[current]:font-medium"
                  >
                    <span className="min-w-0">
                      <span className="block">{area.name}</span>
                      <span className="block text-xs text-stone">
                        {area.lga === area.name ? area.state : `${area.lga}, ${area.state}`}
                      </span>
                    </span>
                    <span className="shrink-0 text-sm tabular-nums">
                      {area.onRequest ? "On request" : formatNaira(area.fee!)}
                    </span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-6 text-xs leading-relaxed text-stone">
          The price shown is the area's. A large order may need a bigger vehicle, and floors without a lift or
          installation add to it: your cart shows the full price before you order.
        </p>
      </div>
    </>
  );
}
