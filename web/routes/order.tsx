/**
 * The order sheet (docs/product.md, Ordering on WhatsApp): the one optional step between
 * Order Now, the cart's order or a service request and WhatsApp. It shows what is being
 * ordered and asks the few details the shop does not know yet; "Skip" sends the order
 * without them. Either way the action records the order and answers with a 303 to its
 * WhatsApp link, so it works as a plain form post before (or without) the page's scripts.
 * Its addresses: ?kind=item&itemType=Product|Collection&itemId=…, ?kind=cart, and
 * ?kind=service with an optional &service= (one of the shop's services) and &brief=.
 */
import { data, redirect } from "react-router";
import { displayPhone } from "../../domain/accounts/phone";
import type { LoadContext } from "../../domain/load-context";
import { effectivePrice } from "../../domain/money";
import { OrderRequestSchema } from "../../domain/orders/orders.schema";
import { ITEM_TYPES, type ItemType } from "../../domain/shopping-lists";
import { cartTotal } from "../../domain/whatsapp";
import {
  OrderSheet,
  type SheetAnswer,
  type SheetData,
  type SheetNotice,
  type SheetSubject,
} from "../components/orders/order-sheet";
import { invalidReply, readSubmission, refusalOf, refusedReply } from "../lib/page-actions.server";
import { seoMeta } from "../lib/seo";
import { chosenOption } from "../../domain/catalog/furniture";
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
async function subjectOf(search: URLSearchParams, context: LoadContext): Promise<SheetSubject | Unavailable> {
  if (context.viewer?.isAdmin) {
    return unavailable(403, "Administrators cannot place orders.", "/admin/dashboard", "Back to the dashboard");
  }
  switch (search.get("kind")) {
    case "item": {
      const itemType = search.get("itemType") as ItemType | null;
      const itemId = search.get("itemId") ?? "";
      if (!itemType || !ITEM_TYPES.includes(itemType)) return unavailable(400, "Choose a product to order.");
      const item =
        itemType === "Product" ? await context.catalog.getProduct(itemId) : await context.catalog.getCollection(itemId);
      if (!item) return unavailable(404, `${itemType} not found.`);
      if ("sold" in item && item.sold) return unavailable(409, "This product has been sold.");
      // The option chosen on the product's page; one it no longer offers reads as its first, as that page does.
      const option = chosenOption("options" in item ? item.options : [], search.get("option"));
      return {
        kind: "item",
        itemType,
        itemId: item._id,
        name: item.name,
        option: option && { id: option._id, name: option.name },
        price: effectivePrice(item),
        image: option?.image ?? ("coverImage" in item ? item.coverImage : (item.images[0] ?? null)),
        path: `/${itemType.toLowerCase()}/${item._id}${option ? `?option=${option._id}` : ""}`,
      };
    }
    case "cart": {
      const { lines } = await context.lists.readCart();
      const orderable = lines.filter((line) => !line.details.sold);
      if (orderable.length === 0) {
        return lines.length
          ? unavailable(409, "Nothing in your cart can be ordered: its items have sold.", "/cart", "Back to Cart")
          : unavailable(400, "Your cart is empty.", "/shop", "Start shopping!");
      }
      return {
        kind: "cart",
        lines: orderable.map((line) => ({
          id: line._id,
          name: line.details.name,
          option: line.details.optionName,
          quantity: line.quantity,
          unitPrice: effectivePrice(line.details),
          image: line.details.image,
          path: `/${line.itemType.toLowerCase()}/${line.item}`,
        })),
        total: cartTotal(orderable.map((line) => ({ item: line.details, quantity: line.quantity }))),
        left: lines.length - orderable.length,
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
  const subject = await subjectOf(new URL(request.url).searchParams, context);
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
      area: defaults.area ?? "",
    },
    submissionKey: crypto.randomUUID(),
  });
}

/** Records the order and sends the shopper on to WhatsApp with it; a refusal stays on the sheet. */
export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, OrderRequestSchema);
  if (submission.status !== "success") {
    return data<SheetAnswer>({ result: invalidReply(submission) }, { status: 400 });
  }
  try {
    const { whatsappUrl } = await context.orders.place(submission.value);
    return redirect(whatsappUrl, 303);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data<SheetAnswer>({ result: refusedReply(submission, refusal) }, { status: refusal.status });
  }
}

// The sheet holds the visitor's own details: never kept by a cache, nor by the browser's back-forward cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, {
    title: loaderData?.subject?.kind === "service" ? "Request a consultation" : "Your order",
    description: "A last look at your order before WhatsApp opens.",
    path: "/order",
    noindex: true,
  });

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderSheet sheet={loaderData} answer={actionData} />;
}
