/**
 * Signing in and out. Sessions live in the database; the browser holds a random token (its digest is
 * the session id) in an HttpOnly cookie limited to /admin. Sign-in is for guests only, is throttled per
 * account (or trusted device) and per address, and always starts a new session (rotation).
 */
import type { IncomingMessage } from 'node:http';
import { trustedHops, type TrustProxy } from '../client/trusted-proxies.ts';
import { serializeCookie, type CookieOptions } from './cookies.ts';
import { normalizeEmail } from './accounts.ts';
import { csrfToken, isValidCsrfToken } from './csrf.ts';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieValue, trustedDevice } from './device.ts';
import { addressHashOf, type AdminServices, type RequestState, render } from './context.ts';
import { readForm, redirect } from './http.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { ADMIN_PATHS, loginPathFor, safeNextPath, type LoginReason } from './paths.ts';
import type { ThrottleKey } from './store/throttle.ts';
import { throttledMessage } from './throttle.ts';
import { pendingCookieValue, TWO_STEP_COOKIE, TWO_STEP_TTL_MS } from './pending-sign-in.ts';
import { newToken, tokenDigest, tokenShaped } from './tokens.ts';
import { CSRF_FIELD } from './views/components.ts';
import { LOGIN_MESSAGES, loginPage } from './views/login.ts';
import type { Notice } from './views/layout.ts';
import { checkText, redisplayable } from './form-text.ts';
import { isKeptPath, leadPageOf } from './pending-forms.ts';

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

export function cookieOptions(
  state: RequestState,
  sameSite: CookieOptions['sameSite'],
  maxAge?: number,
): CookieOptions {
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
  'link-sent': { tone: 'info', message: LOGIN_MESSAGES.linkSent },
  saved: { tone: 'info', message: LOGIN_MESSAGES.saved },
};

export function loginCsrf(services: AdminServices, nonce: string): string {
  return csrfToken(services.secret, `login:${nonce}`);
}

/** Shows the sign-in form with a fresh or existing form cookie. */
export function showLogin(
  services: AdminServices,
  state: RequestState,
  status: number,
  options: {
    next: string | undefined;
    email?: string;
    notice?: Notice;
    headers?: Record<string, string>;
    /** The account is throttled: offer a one-time link by e-mail. */
    offerLink?: boolean;
    /** More Set-Cookie values (a used link's cookie cleared, say). */
    cookies?: string[];
  },
): void {
  const nonce = tokenShaped(state.cookies.get(LOGIN_COOKIE)) ?? newToken();
  const cookies = [serializeCookie(LOGIN_COOKIE, nonce, cookieOptions(state, 'Strict')), ...(options.cookies ?? [])];
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
      ...(options.offerLink ? { offerLink: true } : {}),
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
  const { keys, accountKey, device } = signInKeys(services, state, email, user?.id);
  const address = addressHashOf(services, state);
  const nowMs = state.now.getTime();
  const wait = await services.throttle.waitMs(keys, nowMs);
  if (wait > 0) {
    services.logger.warn('admin.login_throttled', { account: user?.id ?? null, scope: accountKey.scope });
    await services.audit.record({
      actor: { kind: 'unknown', addressHash: address },
      action: 'login_throttled',
      ...(user ? { target: `account:${user.id}` } : {}),
      at: state.now,
    });
    const seconds = Math.ceil(wait / 1000);
    showLogin(services, state, 429, {
      next,
      email,
      notice: { tone: 'error', message: throttledMessage(wait) },
      headers: { 'Retry-After': String(seconds) },
      // Whoever owns the account can still get in: a one-time link by e-mail, for this browser only.
      offerLink: true,
    });
    return;
  }
  const cost = services.config.passwordCost;
  const valid = await verifyPassword(password, user?.active ? user.passwordHash : undefined, cost);
  if (!user || !user.active || !valid) {
    await services.throttle.recordFailure(keys, nowMs);
    services.logger.warn('admin.login_failed', { account: user?.id ?? null });
    await services.audit.record({
      actor: { kind: 'unknown', addressHash: address },
      action: 'login_failed',
      ...(user ? { target: `account:${user.id}` } : {}),
      detail: { motivo: !user ? 'cuenta desconocida' : user.active ? 'contraseña' : 'cuenta desactivada' },
      at: state.now,
    });
    showLogin(services, state, 401, {
      next,
      email,
      notice: { tone: 'error', message: LOGIN_MESSAGES.wrongCredentials },
      headers: { 'WWW-Authenticate': 'Form realm="Angram Ventas"' },
    });
    return;
  }

  // The counters stay until the whole sign-in is done (startSession): a right password does not buy codes.
  // Each stored hash is raised to today's cost at its owner's next right password.
  if (needsRehash(user.passwordHash, cost))
    await services.users.setPassword(user.id, await hashPassword(password, cost), state.now.toISOString());
  await passFirstStep(services, state, user.id, { next, trusted: device !== undefined, via: 'password' });
}

/**
 * The counters a sign-in attempt is checked against and charged to. A trusted device (a browser that
 * signed in to this account before) answers for itself only: neither failures from elsewhere against the
 * account nor an office's shared address can lock it out. Any other browser is counted per account and per
 * address, so guessing is slow from anywhere.
 */
export function signInKeys(
  services: AdminServices,
  state: RequestState,
  email: string,
  userId: number | undefined,
): { keys: ThrottleKey[]; accountKey: ThrottleKey; device: string | undefined } {
  const device =
    userId === undefined ? undefined : trustedDevice(services.secret, state.cookies.get(DEVICE_COOKIE), userId);
  if (device !== undefined && userId !== undefined) {
    const accountKey: ThrottleKey = { scope: 'device', key: `${userId}:${device}` };
    return { keys: [accountKey], accountKey, device };
  }
  const address = addressHashOf(services, state);
  const accountKey: ThrottleKey = { scope: 'account', key: email };
  return { keys: [{ scope: 'address', key: address }, accountKey], accountKey, device };
}

/** The account's second-step counter, the same from every browser. */
export const codeThrottleKey = (userId: number): ThrottleKey => ({ scope: 'code', key: String(userId) });

/** How the first step was passed: the password, or a one-time link from the account's e-mail. */
export type FirstStep = 'password' | 'link';

/**
 * The first step is passed: with two-step sign-in on, the code comes next (two-step.ts); otherwise the
 * session starts.
 */
export async function passFirstStep(
  services: AdminServices,
  state: RequestState,
  userId: number,
  options: { next: string | undefined; trusted: boolean; via: FirstStep; extraCookies?: string[] },
): Promise<void> {
  if (await services.totp.isEnabled(userId)) {
    // Signed cookie only: the session starts once the code is right (two-step.ts).
    const pending = pendingCookieValue(services.secret, {
      userId,
      expiresAt: state.now.getTime() + TWO_STEP_TTL_MS,
      via: options.via,
    });
    const cookies = [
      serializeCookie(TWO_STEP_COOKIE, pending, cookieOptions(state, 'Strict', Math.floor(TWO_STEP_TTL_MS / 1000))),
      ...(options.extraCookies ?? []),
    ];
    const next = safeNextPath(options.next);
    redirect(state.res, next ? `${ADMIN_PATHS.loginCode}?${new URLSearchParams({ next })}` : ADMIN_PATHS.loginCode, {
      'Set-Cookie': cookies,
    });
    return;
  }
  await startSession(services, state, userId, options);
}

/**
 * Signs the browser in: a new session (whatever session it had ends: rotation), the sign-in form's cookie
 * cleared, and the trusted-device cookie given to a browser that did not hold one for this account.
 */
export async function startSession(
  services: AdminServices,
  state: RequestState,
  userId: number,
  options: { next: string | undefined; trusted: boolean; via: FirstStep | 'two-step'; extraCookies?: string[] },
): Promise<void> {
  const previous = tokenShaped(state.cookies.get(SESSION_COOKIE));
  if (previous) await services.sessions.delete(tokenDigest(previous));
  // Both steps passed: this way in starts afresh (a trusted device its own counter, else the account's).
  const account = await services.users.byId(userId);
  if (account) {
    const { accountKey } = signInKeys(services, state, account.email, userId);
    await services.throttle.clear([accountKey, codeThrottleKey(userId)]);
  }
  const token = newToken();
  await services.sessions.create(tokenDigest(token), userId, state.now);
  await services.users.recordLogin(userId, state.now.toISOString());
  services.logger.info('admin.login', { account: userId, via: options.via });
  await services.audit.record({
    actor: { kind: 'account', id: userId, addressHash: addressHashOf(services, state) },
    action: 'login',
    target: `account:${userId}`,
    at: state.now,
  });
  const cookies = [
    serializeCookie(
      SESSION_COOKIE,
      token,
      cookieOptions(state, 'Lax', Math.floor(services.config.sessionMaxMs / 1000)),
    ),
    serializeCookie(LOGIN_COOKIE, '', cookieOptions(state, 'Strict', 0)),
    ...(options.extraCookies ?? []),
  ];
  if (!options.trusted) cookies.push(deviceCookie(services, state, userId));
  redirect(state.res, afterLogin(options.next), { 'Set-Cookie': cookies });
}

/** The trusted-device cookie for `userId`. */
function deviceCookie(services: AdminServices, state: RequestState, userId: number): string {
  return serializeCookie(
    DEVICE_COOKIE,
    deviceCookieValue(services.secret, userId),
    cookieOptions(state, 'Strict', DEVICE_COOKIE_MAX_AGE_SECONDS),
  );
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
  // A POST comes back to the page it was sent from: a lead's page for any of its actions (a merge, a meeting).
  const target =
    state.req.method === 'POST'
      ? isKeptPath(state.url.pathname)
        ? leadPageOf(state.url.pathname)
        : state.url.pathname.replace(
            /\/(status|assignee|notes|disable|enable|password|contact|find|export|cancel|objection)$/,
            '',
          )
      : `${state.url.pathname}${state.url.search}`;
  const headers = state.expired ? { 'Set-Cookie': clearCookie(state, SESSION_COOKIE) } : undefined;
  redirect(state.res, loginPathFor(target, state.expired ? 'expired' : undefined), headers);
}
