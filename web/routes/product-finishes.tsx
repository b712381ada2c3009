/**
 * A piece's finishes as a card's finish sheet shows them (docs/product.md, Options): each
 * one's swatch, name, what it adds and its prices, as the server works them out. Read
 * only when a shopper reaches for such a card's Add to Cart, so lists of cards carry no
 * more than how many finishes each piece has. A piece that is gone or sold has none to offer.
 */
import { redirect } from "react-router";
import { isDocumentRequest } from "../lib/page-actions.server";
import { summariseFinishes, type FinishSheetData } from "../lib/summaries";
import type { Route } from "./+types/product-finishes";

export async function loader({ request, params, context }: Route.LoaderArgs): Promise<FinishSheetData> {
  // Opened as a page (a link followed without scripts), it is the piece's own page.
  if (isDocumentRequest(request)) throw redirect(`/product/${encodeURIComponent(params.productId)}`);
  const product = await context.catalog.getProduct(params.productId);
  return {
    isPromo: product?.isPromo ?? false,
    finishes: product && !product.sold ? summariseFinishes(product) : [],
  };
}
