/** Account management (admin) and the signed-in person's own account. */
import { z } from 'zod';
import { NAME_MAX_LENGTH, normalizeEmail } from '../accounts.ts';
import {
  actorOf,
  type AdminServices,
  type PageServices,
  noticeFrom,
  pageContext,
  render,
  type SignedIn,
  withNotice,
} from '../context.ts';
import type { AuditAction } from '../../privacy/audit.ts';
import { field, redirect, type FormFields } from '../http.ts';
import type { AdminUser } from '../model.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../passwords.ts';
import { ADMIN_PATHS, userPath } from '../paths.ts';
import { isRole } from '../roles.ts';
import { throttledMessage } from '../throttle.ts';
import type { FieldErrors } from '../views/components.ts';
import { calendarSection } from '../views/lead-meeting.ts';
import { twoStepSectionView } from '../two-step.ts';
import { accountPage } from '../views/account.ts';
import { twoStepSection, userTwoStepSection, type TwoStepSectionView } from '../views/two-step.ts';
import { type AttackView, userPage, usersPage, type FormState } from '../views/users.ts';
import { isRefusal, refuse } from '../../errors.ts';

/** What the account and user pages work with. */
export type UserServices = PageServices &
  Pick<
    AdminServices,
    'audit' | 'calendarFeeds' | 'config' | 'logger' | 'sessions' | 'throttle' | 'totp' | 'trustProxy' | 'users'
  >;

const LAST_ADMIN = 'Debe quedar al menos una cuenta de administración activa.';

function nameProblem(name: string): string | undefined {
  if (!name) return 'Escribe el nombre.';
  if (Array.from(name).length > NAME_MAX_LENGTH || /\p{Cc}/u.test(name))
    return `El nombre debe tener entre 1 y ${NAME_MAX_LENGTH} caracteres, sin saltos de línea.`;
  return undefined;
}

const cleanName = (form: FormFields) => field(form, 'name').replace(/\s+/g, ' ');

export async function showUsers(
  services: UserServices,
  state: SignedIn,
  create?: FormState,
  status = 200,
): Promise<void> {
  const users = await services.users.list();
  const notice = noticeFrom(state.url);
  // One line per account: its worst counter, and whether the guesser already knows the password.
  const attacks: AttackView[] = [];
  for (const counter of await services.throttle.underAttack(state.now.getTime())) {
    const user = users.find((candidate) =>
      counter.scope === 'account' ? candidate.email === counter.key : String(candidate.id) === counter.key,
    );
    if (!user) continue;
    const seen = attacks.find((attack) => attack.user.id === user.id);
    const at = new Date(counter.lastFailureAt);
    if (!seen) attacks.push({ user, knowsPassword: counter.scope === 'code', failures: counter.failures, at });
    else {
      seen.failures = Math.max(seen.failures, counter.failures);
      seen.knowsPassword ||= counter.scope === 'code';
    }
  }
  render(
    state,
    status,
    usersPage(pageContext(services, state), {
      users,
      attacks,
      ...(notice ? { notice } : {}),
      ...(create ? { create } : {}),
    }),
  );
}

export async function createUser(
  services: UserServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const email = normalizeEmail(form.get('email') ?? '');
  const name = cleanName(form);
  const role = form.get('role');
  const password = form.get('password') ?? '';
  const errors: FieldErrors = {};
  if (!z.email().safeParse(email).success || email.length > 254) errors.email = 'Escribe un correo electrónico válido.';
  const nameError = nameProblem(name);
  if (nameError) errors.name = nameError;
  if (!isRole(role)) errors.role = 'Elige un rol de la lista.';
  const passwordError = passwordProblem(password, email);
  if (passwordError) errors.password = passwordError;
  const values = { email: form.get('email') ?? '', name: form.get('name') ?? '', role: role ?? '' };
  if (Object.keys(errors).length > 0 || !isRole(role)) return showUsers(services, state, { errors, values }, 422);
  let id: number;
  try {
    id = await services.users.create({
      email,
      name,
      role,
      passwordHash: await hashPassword(password, services.config.passwordCost),
      now: state.now.toISOString(),
    });
  } catch (error) {
    // Said on the form's e-mail field, with what was typed, rather than on a page of its own.
    if (isRefusal(error, 'inboxAccountExists'))
      return showUsers(services, state, { errors: { email: 'Ya existe una cuenta con ese correo.' }, values }, 409);
    throw error;
  }
  services.logger.info('admin.user_created', { by: state.auth.user.id, account: id, role });
  await auditAccount(services, state, 'account_created', id, { rol: role });
  redirect(state.res, withNotice(userPath(id), 'usuario-creado'));
}

/** An account change in the audit trail: who changed which account, and how (never the password). */
function auditAccount(
  services: UserServices,
  state: SignedIn,
  action: AuditAction,
  account: number,
  detail?: Record<string, string>,
): Promise<void> {
  return services.audit.record({
    actor: actorOf(services, state),
    action,
    target: `account:${account}`,
    ...(detail ? { detail } : {}),
    at: state.now,
  });
}

function userIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw refuse('inboxAccountNotFound');
  return id;
}

async function loadUser(services: UserServices, raw: string | undefined): Promise<AdminUser> {
  const user = await services.users.byId(userIdOf(raw));
  if (!user) throw refuse('inboxAccountNotFound');
  return user;
}

async function showUserPage(
  services: UserServices,
  state: SignedIn,
  user: AdminUser,
  status = 200,
  extra: { edit?: FormState; password?: FormState; error?: string } = {},
): Promise<void> {
  const sessions = await services.sessions.countForUser(user.id, state.now);
  const notice = extra.error ? { tone: 'error' as const, message: extra.error } : noticeFrom(state.url);
  const context = pageContext(services, state);
  render(
    state,
    status,
    userPage(context, {
      user,
      sessions,
      twoStep: userTwoStepSection(context.csrf, user.id, await services.totp.isEnabled(user.id)),
      ...(notice ? { notice } : {}),
      ...(extra.edit ? { edit: extra.edit } : {}),
      ...(extra.password ? { password: extra.password } : {}),
    }),
  );
}

export async function showUser(services: UserServices, state: SignedIn, params: readonly string[]): Promise<void> {
  await showUserPage(services, state, await loadUser(services, params[0]));
}

/** Whether taking admin away from `user` (demotion or disabling) would leave no active admin. */
async function isLastAdmin(services: UserServices, user: AdminUser): Promise<boolean> {
  return user.role === 'admin' && user.active && (await services.users.activeAdmins()) <= 1;
}

export async function updateUser(
  services: UserServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const user = await loadUser(services, params[0]);
  const name = cleanName(form);
  const role = form.get('role');
  const errors: FieldErrors = {};
  const nameError = nameProblem(name);
  if (nameError) errors.name = nameError;
  if (!isRole(role)) errors.role = 'Elige un rol de la lista.';
  else if (role !== 'admin' && (await isLastAdmin(services, user))) errors.role = LAST_ADMIN;
  if (Object.keys(errors).length > 0 || !isRole(role)) {
    return showUserPage(services, state, user, 422, {
      edit: { errors, values: { name: form.get('name') ?? '', role: role ?? '' } },
    });
  }
  await services.users.update(user.id, { name, role }, state.now.toISOString());
  services.logger.info('admin.user_updated', { by: state.auth.user.id, account: user.id, role });
  await auditAccount(services, state, 'account_updated', user.id, { rol: role, antes: user.role });
  redirect(state.res, withNotice(userPath(user.id), 'usuario-guardado'));
}

export async function setUserActive(
  services: UserServices,
  state: SignedIn,
  params: readonly string[],
  active: boolean,
): Promise<void> {
  const user = await loadUser(services, params[0]);
  if (!active) {
    if (user.id === state.auth.user.id)
      return showUserPage(services, state, user, 422, { error: 'No puedes desactivar tu propia cuenta.' });
    if (await isLastAdmin(services, user)) return showUserPage(services, state, user, 422, { error: LAST_ADMIN });
  }
  await services.users.setActive(user.id, active, state.now.toISOString());
  if (!active) await services.sessions.deleteForUser(user.id);
  services.logger.info(active ? 'admin.user_enabled' : 'admin.user_disabled', {
    by: state.auth.user.id,
    account: user.id,
  });
  await auditAccount(services, state, active ? 'account_enabled' : 'account_disabled', user.id);
  redirect(state.res, withNotice(userPath(user.id), active ? 'usuario-reactivado' : 'usuario-desactivado'));
}

export async function resetUserPassword(
  services: UserServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const user = await loadUser(services, params[0]);
  const password = form.get('password') ?? '';
  const problem = passwordProblem(password, user.email);
  if (problem)
    return showUserPage(services, state, user, 422, { password: { errors: { password: problem }, values: {} } });
  await services.users.setPassword(
    user.id,
    await hashPassword(password, services.config.passwordCost),
    state.now.toISOString(),
  );
  // Everyone signed in as that account signs in again; an admin resetting their own keeps this browser.
  if (user.id === state.auth.user.id) await services.sessions.deleteOthers(user.id, state.auth.session.id);
  else await services.sessions.deleteForUser(user.id);
  services.logger.info('admin.user_password', { by: state.auth.user.id, account: user.id });
  await auditAccount(services, state, 'account_password', user.id);
  redirect(state.res, withNotice(userPath(user.id), 'clave-usuario'));
}

export async function showAccount(
  services: UserServices,
  state: SignedIn,
  password?: FormState,
  status = 200,
  twoStep?: TwoStepSectionView,
): Promise<void> {
  const [sessions, feedAddress] = await Promise.all([
    services.sessions.countForUser(state.auth.user.id, state.now),
    services.calendarFeeds.address(state.auth.user.id),
  ]);
  const notice = noticeFrom(state.url);
  const context = pageContext(services, state);
  const twoStepView = twoStep ?? (await twoStepSectionView(services, state.auth.user));
  render(
    state,
    status,
    accountPage(context, {
      sessions,
      calendar: calendarSection(context.csrf, feedAddress),
      ...(notice ? { notice } : {}),
      ...(password ? { password } : {}),
      twoStep: twoStepSection(context.csrf, twoStepView),
    }),
  );
}

export async function changeOwnPassword(
  services: UserServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const { user, session } = state.auth;
  const current = form.get('current') ?? '';
  const password = form.get('password') ?? '';
  const errors: FieldErrors = {};
  // Guessing the current password from a borrowed session is throttled like a sign-in.
  const keys = [{ scope: 'account' as const, key: user.email }];
  const wait = await services.throttle.waitMs(keys, state.now.getTime());
  if (wait > 0) return showAccount(services, state, { errors: { current: throttledMessage(wait) }, values: {} }, 429);
  const stored = await services.users.byIdWithPassword(user.id);
  if (!(await verifyPassword(current, stored?.passwordHash, services.config.passwordCost))) {
    await services.throttle.recordFailure(keys, state.now.getTime());
    errors.current = 'La contraseña actual no es correcta.';
  }
  const problem = passwordProblem(password, user.email);
  if (problem) errors.password = problem;
  else if (password === current) errors.password = 'La nueva contraseña debe ser distinta de la actual.';
  if (password !== (form.get('confirm') ?? '')) errors.confirm = 'Las dos contraseñas nuevas no coinciden.';
  if (Object.keys(errors).length > 0) return showAccount(services, state, { errors, values: {} }, 422);
  await services.users.setPassword(
    user.id,
    await hashPassword(password, services.config.passwordCost),
    state.now.toISOString(),
  );
  await services.sessions.deleteOthers(user.id, session.id);
  services.logger.info('admin.own_password', { account: user.id });
  await auditAccount(services, state, 'own_password', user.id);
  redirect(state.res, withNotice(ADMIN_PATHS.account, 'clave'));
}
