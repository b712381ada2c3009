/**
 * The order sheet (docs/product.md, Ordering on WhatsApp): the one optional step between
 * Order Now, the cart's order or a service request and WhatsApp. It shows what is being
 * ordered and asks the few details the shop does not know yet; "Skip" sends the order
 * without them. Either way the action records the order and answers with a 303 to its
 * WhatsApp link, so it works as a plain form post before (or without) the page's scripts.
 * Its addresses: ?kind=item&itemType=Product|Collection&itemId=…, ?kind=cart,
 * ?kind=service with an optional &service= (one of the shop's services) and &brief=, and
 * ?kind=swatches&itemId=… with an optional &option= (the finish ticked to start with): the
 * shopper ticks up to four of the product's finishes (docs/product.md, Swatches).
 */
import { data, redirect } from "react-router";
import { displayPhone } from "../../domain/accounts/phone";
import type { LoadContext } from "../../domain/load-context";
import { OrderRequestSchema } from "../../domain/orders/orders.schema";
import { ITEM_TYPES, type ItemType } from "../../domain/shopping-lists";
import {
  OrderSheet,
  type SheetAnswer,
  type SheetData,
  type SheetNotice,
  type SheetSubject,
} from "../components/orders/order-sheet";
import { actionAnswer, invalidReply, readSubmission, refusalOf, refusedReply } from "../lib/page-actions.server";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/order";

/** The site visit is offered beside the owner's four services. */
const SITE_VISIT = "Site visit";

type Unavailable = { kind: "unavailable"; status: number; notice: SheetNotice };

const unavailable = (status: number, message: string, to = "/shop", label = "Back to Shop"): Unavailable => ({
  kind: "unavailable",
  status,
  notice: { message, to, label },
});

/** What the sheet's address asks to order, read as the shop has it now. */
async function subjectOf(url: URL, context: LoadContext): Promise<SheetSubject | Unavailable> {
  const search = url.searchParams;
  if (context.viewer?.isAdmin) {
    return unavailable(403, "Administrators cannot place orders.", "/admin/dashboard", "Back to the dashboard");
  }
  const kind = search.get("kind");
  switch (kind) {
    case "item":
    case "cart": {
      const itemType = search.get("itemType") as ItemType | null;
      if (kind === "item" && (!itemType || !ITEM_TYPES.includes(itemType))) {
        return unavailable(400, "Choose a product to order.");
      }
      // What placing the order would record now, worked out by the code that places it.
      const preview = await context.orders.preview(
        kind === "item"
          ? { kind, itemType: itemType!, itemId: search.get("itemId") ?? "", option: search.get("option") }
          : { kind },
      );
      if (preview.refusal) {
        const { status, message } = preview.refusal;
        if (kind === "item") return unavailable(status, message);
        return preview.lines.length
          ? unavailable(status, message, "/cart", "Back to Cart")
          : unavailable(status, message, "/shop", "Start shopping!");
      }
      const ordered = preview.lines.filter((line) => line.unitPrice !== null);
      const lines = ordered.map((line) => ({
        id: line._id,
        name: line.details.name,
        option: line.details.optionName,
        quantity: line.quantity,
        unitPrice: line.unitPrice!,
        image: line.details.image,
        path: line.path,
      }));
      const { total, left, delivery, grandTotal } = preview;
      const chosen = await context.delivery.choice();
      const ordering = { lines, total, left, delivery, chosen, grandTotal, back: `${url.pathname}${url.search}` };
      if (kind === "cart") return { kind, ...ordering };
      const [line] = ordered;
      return { kind, itemType: line!.itemType, itemId: line!.item, option: line!.orderOption, ...ordering };
    }
    case "swatches": {
      const product = await context.catalog.getProduct(search.get("itemId") ?? "");
      if (!product) return unavailable(404, "Product not found.");
      const path = `/product/${product._id}`;
      if (product.options.length === 0) {
        return unavailable(400, "This piece comes in one finish only: it has no swatches.", path, "Back to the piece");
      }
      const asked = search.get("option");
      return {
        kind: "swatches",
        itemId: product._id,
        product: { name: product.name, path, image: product.images[0] ?? null },
        finishes: product.options.map((option) => ({ id: option._id, name: option.name, image: option.image })),
        chosen: product.options.some((option) => option._id === asked) ? [asked!] : [],
      };
    }
    case "service": {
      const services = [...context.site.services.map((service) => service.title), SITE_VISIT];
      const asked = search.get("service")?.trim().toLowerCase();
      return {
        kind: "service",
        services,
        service: services.find((title) => title.toLowerCase() === asked) ?? "",
        brief: (search.get("brief") ?? "").slice(0, 1000),
      };
    }
    default:
      return unavailable(400, "Choose something to order first.");
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const subject = await subjectOf(new URL(request.url), context);
  if (subject.kind === "unavailable") {
    return data<SheetData>(
      { notice: subject.notice, subject: null, known: null, defaults: null, submissionKey: null },
      { status: subject.status },
    );
  }
  const defaults = await context.orders.customerDefaults();
  const viewer = context.viewer;
  return data<SheetData>({
    notice: null,
    subject,
    // A signed-in customer is not asked again what their profile says.
    known: viewer
      ? { name: viewer.username, phone: viewer.phoneNumber ? displayPhone(viewer.phoneNumber) : null }
      : null,
    defaults: {
      name: defaults.name ?? "",
      phone: defaults.phone ? displayPhone(defaults.phone) : "",
      // The area chosen for delivery, unless this device's last order said more.
      area:
        defaults.area ??
        ((subject.kind === "item" || subject.kind === "cart" ? subject.chosen?.area?.name : null) || ""),
    },
    submissionKey: crypto.randomUUID(),
  });
}

/** Records the order and sends the shopper on to WhatsApp with it; a refusal stays on the sheet. */
export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, OrderRequestSchema);
  if (submission.status !== "success") {
    return actionAnswer<SheetAnswer>({ result: invalidReply(submission) }, 400);
  }
  try {
    const order = submission.value;
    // An order of the catalogue goes where the shopper chose, at the prices the sheet showed.
    if (order.kind === "item" || order.kind === "cart") {
      const chosen = await context.delivery.choice();
      if (chosen) {
        const { areaId, floor, lift, installation } = chosen;
        order.delivery = { areaId, floor, lift, installation };
      }
    }
    const { whatsappUrl } = await context.orders.place(order);
    return redirect(whatsappUrl, 303);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return actionAnswer<SheetAnswer>({ result: refusedReply(submission, refusal) }, refusal.status);
  }
}

// The sheet holds the visitor's own details: never kept by a cache, nor by the browser's back-forward cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const TITLES: Record<SheetSubject["kind"], string> = {
  item: "Your order",
  cart: "Your order",
  service: "Request a consultation",
  swatches: "Request swatches",
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, {
    title: TITLES[loaderData?.subject?.kind ?? "item"],
    description: "A last look at your order before WhatsApp opens.",
    path: "/order",
    noindex: true,
  });

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderSheet sheet={loaderData} answer={actionData} />;
}
