/**
 * The second step of a sign-in (after the password or a one-time link, for accounts with two-step sign-in):
 * the authenticator's code, accepted once (a code whose time step was already used is refused, so a code
 * seen over someone's shoulder is worthless), or a recovery code, each usable once. Wrong codes are
 * throttled on the browser's counters and on the account's code counter (./throttle.ts), and the browser
 * becomes a trusted device only once the code is right.
 */
import { codeThrottleKey, DEVICE_COOKIE, cookieOptions, showLogin, signInKeys, startSession } from './auth.ts';
import { serializeCookie } from './cookies.ts';
import { type AdminServices, render, type RequestState } from './context.ts';
import { csrfToken, isValidCsrfToken } from './csrf.ts';
import { trustedDevice } from './device.ts';
import { readForm, redirect } from './http.ts';
import { ADMIN_PATHS, safeNextPath } from './paths.ts';
import { readPendingSignIn, TWO_STEP_COOKIE, type PendingSignIn } from './pending-sign-in.ts';
import { throttledMessage } from './throttle.ts';
import {
  groupedSecret,
  matchingStep,
  openSecret,
  otpauthUri,
  qrCodeSvg,
  recoveryCodeDigest,
  typedCode,
  typedRecoveryCode,
} from './totp.ts';
import { CSRF_FIELD } from './views/components.ts';
import type { Notice } from './views/layout.ts';
import { LOGIN_MESSAGES } from './views/login.ts';
import { codePage, TWO_STEP_MESSAGES, type TwoStepSectionView } from './views/two-step.ts';

const codeCsrf = (services: AdminServices, pending: PendingSignIn) =>
  csrfToken(services.secret, `two-step:${pending.nonce}`);

function showCode(
  services: AdminServices,
  state: RequestState,
  pending: PendingSignIn,
  status: number,
  options: { next: string | undefined; notice?: Notice; headers?: Record<string, string> },
): void {
  render(
    state,
    status,
    codePage({
      csrf: codeCsrf(services, pending),
      next: options.next,
      stylesheetVersion: services.stylesheetVersion,
      ...(options.notice ? { notice: options.notice } : {}),
    }),
    options.headers ?? {},
  );
}

function pendingOf(services: AdminServices, state: RequestState): PendingSignIn | undefined {
  return readPendingSignIn(services.secret, state.cookies.get(TWO_STEP_COOKIE), state.now.getTime());
}

const clearPending = (state: RequestState) => serializeCookie(TWO_STEP_COOKIE, '', cookieOptions(state, 'Strict', 0));

function expired(services: AdminServices, state: RequestState): void {
  showLogin(services, state, 401, {
    next: undefined,
    notice: { tone: 'error', message: TWO_STEP_MESSAGES.expired },
    cookies: [clearPending(state)],
  });
}

export function getCodePage(services: AdminServices, state: RequestState): void {
  if (state.auth) {
    redirect(state.res, ADMIN_PATHS.contacts);
    return;
  }
  const pending = pendingOf(services, state);
  if (!pending) {
    redirect(state.res, ADMIN_PATHS.login);
    return;
  }
  showCode(services, state, pending, 200, { next: safeNextPath(state.url.searchParams.get('next')) });
}

type CodeCheck = 'ok' | 'wrong' | 'replayed' | 'missing';

async function checkCode(
  services: AdminServices,
  userId: number,
  typed: string | undefined,
  now: Date,
): Promise<CodeCheck> {
  const twoStep = await services.totp.state(userId);
  // Turned off (an admin's reset) since the first step: the password or link was enough.
  if (twoStep.kind !== 'on') return 'ok';
  const code = typedCode(typed);
  if (code) {
    const secret = openSecret(services.secret, twoStep.sealedSecret);
    if (secret === undefined) {
      services.logger.error('admin.totp_unreadable', { account: userId });
      return 'wrong';
    }
    const step = matchingStep(secret, code, now);
    if (step === undefined) return 'wrong';
    return (await services.totp.useStep(userId, step)) ? 'ok' : 'replayed';
  }
  const recovery = typedRecoveryCode(typed);
  if (recovery) {
    const used = await services.totp.useRecoveryCode(userId, recoveryCodeDigest(services.secret, recovery), now);
    if (used) services.logger.info('admin.recovery_code_used', { account: userId });
    return used ? 'ok' : 'wrong';
  }
  return 'missing';
}

export async function postCode(services: AdminServices, state: RequestState): Promise<void> {
  if (state.auth) {
    redirect(state.res, ADMIN_PATHS.contacts);
    return;
  }
  const form = await readForm(state.req);
  const next = safeNextPath(form.get('next'));
  const pending = pendingOf(services, state);
  if (!pending) {
    expired(services, state);
    return;
  }
  if (!isValidCsrfToken(services.secret, `two-step:${pending.nonce}`, form.get(CSRF_FIELD))) {
    showCode(services, state, pending, 403, { next, notice: { tone: 'error', message: LOGIN_MESSAGES.staleForm } });
    return;
  }
  const user = await services.users.byId(pending.userId);
  if (!user?.active) {
    expired(services, state);
    return;
  }
  const { keys: browserKeys, accountKey } = signInKeys(services, state, user.email, user.id);
  // Checked on this browser's counters and the account's code counter; a wrong code is also charged to the
  // account's own counter, so guessing codes slows every untrusted way in (a trusted device keeps working).
  const keys = [codeThrottleKey(user.id), ...browserKeys];
  const charged = accountKey.scope === 'account' ? keys : [...keys, { scope: 'account' as const, key: user.email }];
  const nowMs = state.now.getTime();
  const wait = await services.throttle.waitMs(keys, nowMs);
  if (wait > 0) {
    services.logger.warn('admin.login_throttled', { account: user.id, scope: accountKey.scope, step: 'code' });
    showCode(services, state, pending, 429, {
      next,
      notice: { tone: 'error', message: throttledMessage(wait) },
      headers: { 'Retry-After': String(Math.ceil(wait / 1000)) },
    });
    return;
  }
  const result = await checkCode(services, user.id, form.get('code'), state.now);
  if (result === 'missing') {
    showCode(services, state, pending, 422, { next, notice: { tone: 'error', message: TWO_STEP_MESSAGES.missing } });
    return;
  }
  if (result !== 'ok') {
    await services.throttle.recordFailure(charged, nowMs);
    services.logger.warn('admin.login_code_refused', { account: user.id, reason: result });
    showCode(services, state, pending, 401, {
      next,
      notice: {
        tone: 'error',
        message: result === 'replayed' ? TWO_STEP_MESSAGES.replayed : TWO_STEP_MESSAGES.wrongCode,
      },
    });
    return;
  }
  const trusted = trustedDevice(services.secret, state.cookies.get(DEVICE_COOKIE), user.id) !== undefined;
  await startSession(services, state, user.id, { next, trusted, via: 'two-step', extraCookies: [clearPending(state)] });
}

/** What the account page shows of the person's two-step sign-in (the QR while it waits for a code). */
export async function twoStepSectionView(
  services: Pick<AdminServices, 'secret' | 'totp'>,
  user: { id: number; email: string },
): Promise<TwoStepSectionView> {
  const twoStep = await services.totp.state(user.id);
  if (twoStep.kind === 'on') return { kind: 'on', recoveryCodesLeft: twoStep.recoveryCodesLeft };
  if (twoStep.kind === 'off') return { kind: 'off' };
  const secret = openSecret(services.secret, twoStep.sealedSecret);
  if (secret === undefined) return { kind: 'off' };
  return { kind: 'pending', qrSvg: await qrCodeSvg(otpauthUri(secret, user.email)), secret: groupedSecret(secret) };
}
