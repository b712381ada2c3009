import type { CatalogReader, LoadContext } from "../domain/load-context";
import type { Env } from "./env";

/** What page loaders may call: the same cached catalogue reads as the API. */
export function createLoadContext(
  catalog: CatalogReader,
  env: Pick<Env, "PUBLIC_URL" | "WHATSAPP_NUMBER">,
): LoadContext {
  return {
    catalog,
    site: { publicUrl: env.PUBLIC_URL, whatsappNumber: env.WHATSAPP_NUMBER },
  };
}
