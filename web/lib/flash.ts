/** A message an action leaves for the person: after a no-script post, for the next page to show. */
export interface Flash {
  kind: "success" | "error" | "info";
  message: string;
}
