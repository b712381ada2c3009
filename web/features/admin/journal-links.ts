/** Where the journal's entries are read: the page, its CSV, and one item's entries. */
import type { JournalArea } from "../../../domain/journal/journal.schema";

export const JOURNAL_PAGE = "/admin/journal";
export const JOURNAL_EXPORT = "/api/admin/operations/journal/export.csv";

/** The journal's entries about one item (in one area, or every area the reader may see), for the item's own admin page. */
export const journalOf = (area: JournalArea | null, item: string) =>
  `${JOURNAL_PAGE}?${new URLSearchParams({ ...(area ? { area } : {}), item })}`;
