/**
 * A request's URL as it may appear in a log line: the path without its query (a manage link's `?t=`, the
 * meeting call's `?token=`, a filter holding an e-mail address) and with secret path segments hidden (the
 * private calendar feed `/admin/calendario/<id>-<token>.ics`, or any long random-looking segment). Logs are
 * kept by people and tools that must never be able to act as a client or read a calendar.
 */
import { CALENDAR_FEED_BASE } from '../calendar-feed-path.ts';

const HIDDEN = '[oculto]';
/** A run this long of letters, digits, `_` and `-` mixing upper case, lower case and digits is a token. */
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;
const looksRandom = (run: string) => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);
const CALENDAR_SEGMENT = /^([1-9][0-9]{0,14})-[^/]*$/;

export function loggableUrl(raw: string | undefined): string {
  const text = raw ?? '/';
  const cut = text.search(/[?#]/);
  const path = cut === -1 ? text : text.slice(0, cut);
  const hidden = path
    .split('/')
    .map((segment, index, segments) => {
      if (segments.slice(0, index).join('/') === CALENDAR_FEED_BASE) {
        const match = CALENDAR_SEGMENT.exec(segment);
        return match ? `${match[1]}-${HIDDEN}.ics` : HIDDEN;
      }
      return segment.replace(TOKEN_LIKE, (run) => (looksRandom(run) ? HIDDEN : run));
    })
    .join('/');
  return cut === -1 ? hidden : `${hidden}?${HIDDEN}`;
}
