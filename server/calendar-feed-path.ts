/**
 * Where each inbox account's private calendar feed is served (server/meetings/calendar-feed.ts): known to
 * the feed, and to the logs that must hide the secret that follows it (server/log/loggable-url.ts).
 */
export const CALENDAR_FEED_BASE = '/admin/calendario';
