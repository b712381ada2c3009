import type { FeedItem } from "../../../domain/catalog/feed-items";

/** What a feed says about the shop itself, where its format has room for it. */
export interface FeedChannel {
  title: string;
  link: string;
  description: string;
}

/**
 * How one service spells a feed. A feed is written a page of items at a time, so only
 * one page's text is ever held as strings (feeds.service.ts).
 */
export interface FeedFormat {
  contentType: string;
  head(channel: FeedChannel): string;
  items(items: FeedItem[]): string;
  tail(): string;
}
