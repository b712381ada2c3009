/** What the Today page may do, in process, as the API's routes do (docs/product.md, Today). */
import type { Today, TodayMark } from "./today.schema";

export interface TodayActions {
  /** Every queue, counted, its first entries listed (Owner and Sales). */
  read(): Promise<Today>;
  /** Marks the entry done; an entry no longer listed is a 404. */
  done(entryId: string): Promise<TodayMark>;
  /** Hides the entry until `{ until }` (a day or a moment); 400 for a time past or a year away. */
  snooze(entryId: string, body: unknown): Promise<TodayMark>;
}
