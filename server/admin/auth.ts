/**
 * Signing in and out. Sessions live in the database; the browser holds a random token (its digest is
 * the session id) in an HttpOnly cookie limited to /admin. Sign-in is for guests only, is throttled per
 * account (or trusted device) and per address, and always starts a new session (rotation).
 */
import type { IncomingMessage } from 'node:http';
import { clientAddress, hashAddress } from '../api/client.ts';
import { trustedHops, type TrustProxy } from '../api/trusted-proxies.ts';
import { serializeCookie, type CookieOptions } from './cookies.ts';
import { normalizeEmail } from './accounts.ts';
import { csrfToken, isValidCsrfToken } from './csrf.ts';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieValue, trustedDevice } from './device.ts';
import { type AdminServices, type RequestState, render } from './context.ts';
import { readForm, redirect } from './http.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { ADMIN_PATHS, loginPathFor, safeNextPath, type LoginReason } from './paths.ts';
import type { ThrottleKey } from './store/throttle.ts';
import { throttledMessage } from './throttle.ts';
import { newToken, tokenDigest, tokenShaped } from './tokens.ts';
import { CSRF_FIELD } from './views/components.ts';
import { LOGIN_MESSAGES, loginPage } from './views/login.ts';
import type { Notice } from './views/layout.ts';
import { checkText, redisplayable } from './form-text.ts';

export const SESSION_COOKIE = 'angram_admin_session';
/** The sign-in form's own random value, which its CSRF token is bound to. */
export const LOGIN_COOKIE = 'angram_admin_login';
export const DEVICE_COOKIE = 'angram_admin_device';

/** HTTPS directly, or as the outermost trusted proxy reports it. */
export function isSecureRequest(req: IncomingMessage, trust: TrustProxy): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  const hops = trustedHops(req, trust);
  if (hops <= 0) return false;
  const header = req.headers['x-forwarded-proto'];
  const values = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  // Like X-Forwarded-For: each proxy appends what it saw; the client's scheme is `hops` from the right.
  return (values[values.length - hops] ?? values[0]) === 'https';
}

function cookieOptions(state: RequestState, sameSite: CookieOptions['sameSite'], maxAge?: number): CookieOptions {
  return { path: ADMIN_PATHS.home, secure: state.secure, sameSite, ...(maxAge === undefined ? {} : { maxAge }) };
}

export function clearCookie(state: RequestState, name: string): string {
  return serializeCookie(name, '', cookieOptions(state, 'Lax', 0));
}

/** Reads the session cookie; `state.auth` is set when it names a live session of an active account. */
export async function resolveSession(services: AdminServices, state: RequestState): Promise<void> {
  const sent = state.cookies.get(SESSION_COOKIE);
  const token = tokenShaped(sent);
  if (!token) {
    state.expired = Boolean(sent);
    return;
  }
  state.auth = await services.sessions.resume(tokenDigest(token), state.now);
  state.expired = state.auth === undefined;
}

const LOGIN_NOTICES: Readonly<Record<LoginReason, Notice>> = {
  expired: { tone: 'info', message: LOGIN_MESSAGES.expired },
  'signed-out': { tone: 'success', message: LOGIN_MESSAGES.signedOut },
  everywhere: { tone: 'success', message: LOGIN_MESSAGES.signedOutEverywhere },
  saved: { tone: 'info', message: LOGIN_MESSAGES.saved },
};

function loginCsrf(services: AdminServices, nonce: string): string {
  return csrfToken(services.secret, `login:${nonce}`);
}

/** Shows the sign-in form with a fresh or existing form cookie. */
function showLogin(
  services: AdminServices,
  state: RequestState,
  status: number,
  options: { next: string | undefined; email?: string; notice?: Notice; headers?: Record<string, string> },
): void {
  const nonce = tokenShaped(state.cookies.get(LOGIN_COOKIE)) ?? newToken();
  const cookies = [serializeCookie(LOGIN_COOKIE, nonce, cookieOptions(state, 'Strict'))];
  // A session cookie that no longer works is removed so the browser stops sending it.
  if (state.expired) cookies.push(clearCookie(state, SESSION_COOKIE));
  render(
    state,
    status,
    loginPage({
      csrf: loginCsrf(services, nonce),
      next: options.next,
      stylesheetVersion: services.stylesheetVersion,
      ...(options.email === undefined ? {} : { email: options.email }),
      ...(options.notice ? { notice: options.notice } : {}),
    }),
    { 'Set-Cookie': cookies, ...options.headers },
  );
}

function afterLogin(next: string | undefined): string {
  return safeNextPath(next) ?? ADMIN_PATHS.contacts;
}

export function getLogin(services: AdminServices, state: RequestState): void {
  const next = safeNextPath(state.url.searchParams.get('next'));
  if (state.auth) {
    redirect(state.res, afterLogin(next));
    return;
  }
  const reason = state.url.searchParams.get('reason');
  const notice = reason && Object.hasOwn(LOGIN_NOTICES, reason) ? LOGIN_NOTICES[reason as LoginReason] : undefined;
  showLogin(services, state, 200, { next, ...(notice ? { notice } : {}) });
}

export async function postLogin(services: AdminServices, state: RequestState): Promise<void> {
  if (state.auth) {
    redirect(state.res, ADMIN_PATHS.contacts);
    return;
  }
  const form = await readForm(state.req);
  const next = safeNextPath(form.get('next'));
  const nonce = tokenShaped(state.cookies.get(LOGIN_COOKIE));
  if (!nonce || !isValidCsrfToken(services.secret, `login:${nonce}`, form.get(CSRF_FIELD))) {
    showLogin(services, state, 403, { next, notice: { tone: 'error', message: LOGIN_MESSAGES.staleForm } });
    return;
  }
  const email = normalizeEmail(form.get('email') ?? '').slice(0, 254);
  // The password exactly as typed: spaces may be part of it.
  const password = form.get('password') ?? '';
  if (!email || !password) {
    showLogin(services, state, 422, { next, email, notice: { tone: 'error', message: LOGIN_MESSAGES.missing } });
    return;
  }
  // No address holds a control character or half an emoji; PostgreSQL could not even compare a NUL.
  if (!checkText(email, { max: 254, oneLine: true }).ok) {
    const notice = { tone: 'error', message: 'El correo tiene caracteres que una dirección no puede tener.' } as const;
    showLogin(services, state, 422, { next, email: redisplayable(email), notice });
    return;
  }

  const user = await services.users.byEmail(email);
  const device = user ? trustedDevice(services.secret, state.cookies.get(DEVICE_COOKIE), user.id) : undefined;
  const address = hashAddress(clientAddress(state.req, services.trustProxy), services.secret);
  const accountKey: ThrottleKey =
    device && user ? { scope: 'device', key: `${user.id}:${device}` } : { scope: 'account', key: email };
  const keys: ThrottleKey[] = [{ scope: 'address', key: address }, accountKey];
  const nowMs = state.now.getTime();
  const wait = await services.throttle.waitMs(keys, nowMs);
  if (wait > 0) {
    services.logger.warn('admin.login_throttled', { account: user?.id ?? null, scope: accountKey.scope });
    const seconds = Math.ceil(wait / 1000);
    showLogin(services, state, 429, {
      next,
      email,
      notice: { tone: 'error', message: throttledMessage(wait) },
      headers: { 'Retry-After': String(seconds) },
    });
    return;
  }
  const valid = await verifyPassword(password, user?.active ? user.passwordHash : undefined);
  if (!user || !user.active || !valid) {
    await services.throttle.recordFailure(keys, nowMs);
    services.logger.warn('admin.login_failed', { account: user?.id ?? null });
    showLogin(services, state, 401, {
      next,
      email,
      notice: { tone: 'error', message: LOGIN_MESSAGES.wrongCredentials },
      headers: { 'WWW-Authenticate': 'Form realm="Angram Ventas"' },
    });
    return;
  }

  await services.throttle.clear([accountKey]);
  // Rotation: whatever session this browser had ends; the new one gets a new token.
  const previous = tokenShaped(state.cookies.get(SESSION_COOKIE));
  if (previous) await services.sessions.delete(tokenDigest(previous));
  const token = newToken();
  await services.sessions.create(tokenDigest(token), user.id, state.now);
  await services.users.recordLogin(user.id, state.now.toISOString());
  if (needsRehash(user.passwordHash))
    await services.users.setPassword(user.id, await hashPassword(password), state.now.toISOString());
  services.logger.info('admin.login', { account: user.id });
  const cookies = [
    serializeCookie(
      SESSION_COOKIE,
      token,
      cookieOptions(state, 'Lax', Math.floor(services.config.sessionMaxMs / 1000)),
    ),
    serializeCookie(LOGIN_COOKIE, '', cookieOptions(state, 'Strict', 0)),
  ];
  if (!device)
    cookies.push(
      serializeCookie(
        DEVICE_COOKIE,
        deviceCookieValue(services.secret, user.id),
        cookieOptions(state, 'Strict', DEVICE_COOKIE_MAX_AGE_SECONDS),
      ),
    );
  redirect(state.res, afterLogin(next), { 'Set-Cookie': cookies });
}

export async function postLogout(
  services: AdminServices,
  state: RequestState & { auth: NonNullable<RequestState['auth']> },
  everywhere: boolean,
): Promise<void> {
  if (everywhere) await services.sessions.deleteForUser(state.auth.user.id);
  else await services.sessions.delete(state.auth.session.id);
  services.logger.info('admin.logout', { account: state.auth.user.id, everywhere });
  redirect(state.res, loginPathFor(undefined, everywhere ? 'everywhere' : 'signed-out'), {
    'Set-Cookie': clearCookie(state, SESSION_COOKIE),
  });
}

/** Where a signed-out visitor goes: the sign-in page, then back here (a GET page; a POST's own page). */
export function toLogin(state: RequestState): void {
  const target =
    state.req.method === 'POST'
      ? state.url.pathname.replace(/\/(status|assignee|notes|disable|enable|password)$/, '')
      : `${state.url.pathname}${state.url.search}`;
  const headers = state.expired ? { 'Set-Cookie': clearCookie(state, SESSION_COOKIE) } : undefined;
  redirect(state.res, loginPathFor(target, state.expired ? 'expired' : undefined), headers);
}
