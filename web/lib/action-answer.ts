import type { SubmissionResult } from "@conform-to/react";
import type { Flash } from "./flash";

/**
 * What every page action answers when the page stays (docs/architecture.md, Where a
 * screen's reads and writes live): a form's result as Conform reads it (`result`), a
 * message to show (`flash`), or both, plus what one form needs besides (`Extra`). The
 * status tells a refusal (4xx) from a change made (200). Going on to another page is a
 * redirect instead. Built only by `actionAnswer` (page-actions.server.ts).
 */
export type ActionAnswer<Extra extends object = object> = {
  result?: SubmissionResult<string[]>;
  flash?: Flash | undefined;
} & Extra;

/** The answer of a form that stays on the page: its result is always there. */
export type FormAnswer<Extra extends object = object> = ActionAnswer<{ result: SubmissionResult<string[]> } & Extra>;
