import type { LoadContext } from "../domain/load-context";

declare module "react-router" {
  // Loaders receive the server's services through this typed context.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends LoadContext {}
}
