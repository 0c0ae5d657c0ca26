/** One entry of a news feed as a channel's RSS widget shows it. */
export interface FeedItem {
  /** an http(s) address (entries without one are left out) */
  url: string;
  title: string;
  /** ISO instant, when the feed says */
  published_at: string | null;
}

export type FeedFailure = 'invalid_url' | 'private_address' | 'timeout' | 'too_large' | 'http_status' | 'network' | 'not_a_feed';

/** A feed could not be read: why, in a word the caller may log (never shown as is). */
export class FeedError extends Error {
  constructor(
    readonly reason: FeedFailure,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'FeedError';
  }
}

/** The feeds port: reads an RSS 2.0 or Atom feed by its address, on the server. */
export interface FeedReader {
  read(url: string): Promise<FeedItem[]>;
}
