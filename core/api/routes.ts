/**
 * The calls between the site and the lead API, named once: the site's request helper builds
 * `{base}{group}/{action}` from these, and the server routes the same paths.
 */
import type { LeadAction } from '../forms/kinds.ts';

/** Where the production server (and a CDN set-up) serves the API: the site's own origin. */
export const API_BASE_PATH = '/api/';
/** Port of the API on its own (`npm run api`, `npm run dev`). */
export const DEFAULT_API_PORT = 8081;
/** The base the dev site calls (`npm run dev` runs the API on its own port). */
export const DEV_API_BASE = `http://localhost:${DEFAULT_API_PORT}${API_BASE_PATH}`;

/** The group every call of the site belongs to. */
export const SITE_GROUP = 'webSite';

export type SiteAction = LeadAction | 'contactFormSelects' | 'scheduleAvailable' | 'services' | MeetingAction;

/** A booked meeting, by the token of its manage link: read it, move it, cancel it. */
export type MeetingAction = 'meeting' | 'meetingReschedule' | 'meetingCancel';

/**
 * Where the manage page sends the token when it reads a meeting (GET): a header, never the query string,
 * which proxies, access logs and browser histories keep. `?token=` still answers, for older links' pages.
 */
export const MEETING_TOKEN_HEADER = 'X-Meeting-Token';

/** Path of a call relative to the base: `webSite/contactSmall`. */
export function callPath(action: SiteAction): string {
  return `${SITE_GROUP}/${action}`;
}

/** Absolute path on the server: `/api/webSite/contactSmall`. */
export function apiPath(action: SiteAction): string {
  return `${API_BASE_PATH}${callPath(action)}`;
}

/** Liveness of the API process. */
export const HEALTH_PATH = `${API_BASE_PATH}health`;
/** Readiness: not draining, and the database answers. */
export const READY_PATH = `${API_BASE_PATH}ready`;
