import { useRouteLoaderData } from "react-router";

/**
 * Whether this page is in Data saver mode (docs/product.md, Data saver), as the root
 * loader read it from the request: the one answer every component uses.
 */
export function useDataSaver(): boolean {
  const data = useRouteLoaderData("root") as { dataSaver?: boolean } | undefined;
  return data?.dataSaver === true;
}
