/**
 * How the cart's and wishlist's route actions answer a change (docs/architecture.md,
 * Where a screen's reads and writes live): the form is read against the domain schema,
 * the change is made in process through `context.lists`, and the answer is the flash
 * message — a 303 back to where the shopper was for a browser's own post, data for the
 * page's scripts. A refusal the server explains (gone, sold, admin, too many) is that
 * message; a fault goes to the error boundary (scripts show the failure text instead).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType, z } from "zod";
import { chosenOption } from "../../../domain/catalog/furniture";
import type { CatalogReader } from "../../../domain/load-context";
import type { ItemType } from "../../../domain/shopping-lists";
import type { Flash } from "../../lib/flash";
import {
  actionAnswer,
  answer,
  backPath,
  isDocumentRequest,
  redirectWithFlash,
  refusalOf,
} from "../../lib/page-actions.server";

/** The answer to a post that needs no message (a quantity step, a cookie choice): back, or nothing to show. */
export async function quietAnswer(request: Request, formData: FormData) {
  if (isDocumentRequest(request)) return redirectWithFlash(backPath(request, formData));
  return actionAnswer({ flash: undefined });
}

export async function answerListChange<S extends ZodType>(
  request: Request,
  formData: FormData,
  schema: S,
  change: (value: z.output<S>) => Promise<Flash | null>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Invalid request.";
    return answer(request, formData, { kind: "error", message }, 400);
  }
  try {
    const flash = await change(submission.value as z.output<S>);
    return flash ? answer(request, formData, flash) : quietAnswer(request, formData);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return answer(request, formData, { kind: "error", message: refusal.message }, refusal.status);
  }
}

/** A post without a known intent: a form this site never renders. */
export const unknownIntent = (request: Request, formData: FormData) =>
  answer(request, formData, { kind: "error", message: "That change is not one the shop knows." }, 400);

/**
 * What Add to Cart says once done: the finish the piece went in, when it has finishes
 * ("Item added to cart in Emerald velvet!"), so a shopper who did not pick one sees which.
 */
export async function addedToCart(
  catalog: CatalogReader,
  item: { itemType: ItemType; itemId: string; option?: string | null },
): Promise<Flash> {
  const product = item.itemType === "Product" ? await catalog.getProduct(item.itemId) : null;
  const finish = product ? chosenOption(product.options, item.option) : null;
  return { kind: "success", message: finish ? `Item added to cart in ${finish.name}!` : "Item added to cart!" };
}
