/**
 * The inbox's URLs, in one place, and the check that keeps the sign-in's "back to where you were" from
 * becoming an open redirect: only a path inside /admin is ever followed.
 */
export const ADMIN_BASE = '/admin';

export const ADMIN_PATHS = {
  home: '/admin',
  login: '/admin/login',
  /** The second step of a sign-in: the code of the authenticator app, or a recovery code. */
  loginCode: '/admin/login/code',
  /** Asking for (POST) and using (GET) a one-time sign-in link. */
  loginLink: '/admin/login/link',
  logout: '/admin/logout',
  logoutEverywhere: '/admin/logout-everywhere',
  contacts: '/admin/contacts',
  export: '/admin/contacts/export.csv',
  board: '/admin/board',
  meetings: '/admin/meetings',
  dashboard: '/admin/dashboard',
  monitoring: '/admin/monitoring',
  users: '/admin/users',
  account: '/admin/account',
  privacy: '/admin/privacy',
  audit: '/admin/audit',
  translations: '/admin/translations',
  stylesheet: '/admin/assets/admin.css',
} as const;

/** The answers to ARCO requests, each a POST from the personal-data page (admin). */
export const PRIVACY_PATHS = {
  find: '/admin/privacy/find',
  access: '/admin/privacy/export',
  objection: '/admin/privacy/objection',
  cancel: '/admin/privacy/cancel',
} as const;

export const leadPath = (id: number): string => `${ADMIN_PATHS.contacts}/${id}`;
export const userPath = (id: number): string => `${ADMIN_PATHS.users}/${id}`;

/** Whether a request path belongs to the inbox. */
export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_BASE || pathname.startsWith(`${ADMIN_BASE}/`);
}

const MAX_NEXT_LENGTH = 1000;

/**
 * A path-and-query to return to after signing in, or `undefined` when the value is not a plain inbox
 * path of this site (another host, a scheme, `//evil`, backslashes, control characters, the sign-in itself).
 */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NEXT_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}]/u.test(value)) return undefined;
  const base = 'http://admin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || !isAdminPath(url.pathname)) return undefined;
  // Pages that only answer a POST (or are the sign-in itself) are no place to come back to.
  if (
    [
      ADMIN_PATHS.login,
      ADMIN_PATHS.loginCode,
      ADMIN_PATHS.loginLink,
      ADMIN_PATHS.logout,
      ADMIN_PATHS.logoutEverywhere,
    ].includes(url.pathname as never)
  )
    return undefined;
  return `${url.pathname}${url.search}`;
}

/** Why the sign-in page is shown, for its notice. */
export type LoginReason = 'expired' | 'signed-out' | 'everywhere' | 'link-sent' | 'saved';

/** The sign-in page, remembering where to go back to. */
export function loginPathFor(next: string | undefined, reason?: LoginReason): string {
  const safe = safeNextPath(next);
  const params = new URLSearchParams();
  if (safe && safe !== ADMIN_PATHS.home) params.set('next', safe);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return query ? `${ADMIN_PATHS.login}?${query}` : ADMIN_PATHS.login;
}
