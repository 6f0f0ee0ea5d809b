/**
 * Why a busy feed could not be read, with a Spanish reason for the log (never the feed's address: it is a
 * secret). The refresh logs a read over budget apart from the others, so it asks `failure`, not the text:
 * - `fetch`: the feed's server did not answer in time, refused, or sent more than the size limit;
 * - `parse`: what came back is not an iCalendar feed;
 * - `budget`: the read went past its time or memory budget, and its worker was ended.
 */
export type FeedFailure = 'fetch' | 'parse' | 'budget';

export class FeedError extends Error {
  override name = 'FeedError';
  readonly failure: FeedFailure;
  constructor(failure: FeedFailure, reason: string) {
    super(reason);
    this.failure = failure;
  }
}
