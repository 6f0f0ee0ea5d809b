/** Turning two-step sign-in on and off from one's own account, and an admin's reset of someone else's. */
import type { SignedIn } from '../context.ts';
import { withNotice } from '../context.ts';
import { redirect, type FormFields } from '../http.ts';
import { verifyPassword } from '../passwords.ts';
import { ADMIN_PATHS, userPath } from '../paths.ts';
import { throttledMessage } from '../throttle.ts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  recoveryCodeDigest,
  sealSecret,
  typedRecoveryCode,
} from '../totp.ts';
import { twoStepSectionView } from '../two-step.ts';
import { TWO_STEP_MESSAGES } from '../views/two-step.ts';
import { showAccount, type UserServices } from './users.ts';
import { refuse } from '../../errors.ts';

/** What the two-step settings of an account work with: they answer with the account page. */
type TwoStepServices = UserServices;

const ACCOUNT_SECTION = `${ADMIN_PATHS.account}#dos-pasos`;

export async function startTwoStep(services: TwoStepServices, state: SignedIn): Promise<void> {
  const { user } = state.auth;
  const begun = await services.totp.begin(user.id, sealSecret(services.secret, newTotpSecret()), state.now);
  if (begun) services.logger.info('admin.two_step_started', { account: user.id });
  redirect(state.res, ACCOUNT_SECTION);
}

export async function confirmTwoStep(
  services: TwoStepServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const { user } = state.auth;
  const twoStep = await services.totp.state(user.id);
  if (twoStep.kind !== 'pending') {
    redirect(state.res, ACCOUNT_SECTION);
    return;
  }
  const secret = openSecret(services.secret, twoStep.sealedSecret);
  const step = secret === undefined ? undefined : matchingStep(secret, form.get('code'), state.now);
  if (step === undefined) {
    const view = await twoStepSectionView(services, user);
    if (view.kind === 'pending') view.errors = { code: TWO_STEP_MESSAGES.confirmWrong };
    return showAccount(services, state, undefined, 422, view);
  }
  const codes = newRecoveryCodes();
  const digests = codes.map((code) => recoveryCodeDigest(services.secret, typedRecoveryCode(code) ?? code));
  if (!(await services.totp.confirm(user.id, step, digests, state.now))) {
    redirect(state.res, ACCOUNT_SECTION);
    return;
  }
  services.logger.info('admin.two_step_enabled', { account: user.id });
  // Shown once, in this answer only (no-store): never stored in clear, never in a URL.
  return showAccount(services, state, undefined, 200, { kind: 'on', recoveryCodesLeft: codes.length, newCodes: codes });
}

export async function disableTwoStep(
  services: TwoStepServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const { user } = state.auth;
  const keys = [{ scope: 'account' as const, key: user.email }];
  const wait = await services.throttle.waitMs(keys, state.now.getTime());
  const fail = async (message: string, status: number) => {
    const view = await twoStepSectionView(services, user);
    if (view.kind === 'on') view.errors = { password: message };
    return showAccount(services, state, undefined, status, view);
  };
  if (wait > 0) return fail(throttledMessage(wait), 429);
  const stored = await services.users.byIdWithPassword(user.id);
  if (!(await verifyPassword(form.get('password') ?? '', stored?.passwordHash, services.config.passwordCost))) {
    await services.throttle.recordFailure(keys, state.now.getTime());
    return fail(TWO_STEP_MESSAGES.wrongPassword, 422);
  }
  await services.totp.disable(user.id);
  services.logger.info('admin.two_step_disabled', { account: user.id });
  redirect(state.res, withNotice(ADMIN_PATHS.account, 'dos-pasos-desactivada'));
}

export async function resetUserTwoStep(
  services: TwoStepServices,
  state: SignedIn,
  params: readonly string[],
): Promise<void> {
  const id = Number(params[0]);
  const user = Number.isSafeInteger(id) && id > 0 ? await services.users.byId(id) : undefined;
  if (!user) throw refuse('inboxAccountNotFound');
  await services.totp.disable(user.id);
  services.logger.info('admin.two_step_reset', { by: state.auth.user.id, account: user.id });
  redirect(state.res, withNotice(userPath(user.id), 'dos-pasos-restablecida'));
}
