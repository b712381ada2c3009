import { useRootData } from "./root-data";

/**
 * Whether this page is in Data saver mode (docs/product.md, Data saver), as the root
 * loader read it from the request: the one answer every component uses.
 */
export function useDataSaver(): boolean {
  return useRootData()?.dataSaver === true;
}
