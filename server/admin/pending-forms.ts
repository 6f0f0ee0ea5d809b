/**
 * Nothing typed is lost to an expired session. A form posted to one of a lead's actions after its session
 * ended is kept on the server when its CSRF token is genuine for that (ended) session: the token names the
 * account it was issued to (server/admin/csrf.ts), so the kept form belongs to that account alone. The
 * browser gets a random cookie pointing at it (HttpOnly, SameSite=Strict, 30 minutes) and goes to sign in;
 * the first page it opens signed in as that same account applies the form, as if just posted, and shows its
 * outcome. Signed in as anyone else, the kept form is deleted unapplied. It is applied at most once.
 */
import { clearCookie, SESSION_COOKIE } from './auth.ts';
import type { AdminServices, RequestState, SignedIn } from './context.ts';
import { serializeCookie } from './cookies.ts';
import { csrfTokenOwner } from './csrf.ts';
import { readForm, redirect, type FormFields } from './http.ts';
import { ADMIN_PATHS, loginPathFor } from './paths.ts';
import { newToken, tokenDigest, tokenShaped } from './tokens.ts';
import { CSRF_FIELD } from './views/components.ts';

export const PENDING_COOKIE = 'angram_admin_pending';
export const PENDING_TTL_MS = 30 * 60 * 1000;

/**
 * A lead's actions: the forms worth keeping (not sign-out, passwords or accounts), its meeting's and the
 * rectification of its contact data included.
 */
const KEPT =
  /^\/admin\/contacts\/[1-9]\d{0,14}\/(?:notes|status|assignee|deal|step-done|email|merge|contact|reunion\/(?:reprogramar|cancelar|realizada|no-asistio))$/;

export function isKeptPath(path: string): boolean {
  return KEPT.test(path);
}

/** The lead's page of an action path: where to come back after signing in. */
export const leadPageOf = (path: string) => /^\/admin\/contacts\/\d+/.exec(path)?.[0] ?? path;

function pendingCookie(state: RequestState, value: string, maxAgeSeconds: number): string {
  return serializeCookie(PENDING_COOKIE, value, {
    path: ADMIN_PATHS.home,
    secure: state.secure,
    sameSite: 'Strict',
    maxAge: maxAgeSeconds,
  });
}

/**
 * For a POST without a live session: keeps the form when it can prove whose it is, and sends the browser to
 * sign in (then back to the lead). Returns false, having answered nothing, when the form cannot be kept.
 */
export async function keepExpiredForm(services: AdminServices, state: RequestState, path: string): Promise<boolean> {
  if (!state.expired || !isKeptPath(path)) return false;
  const token = tokenShaped(state.cookies.get(SESSION_COOKIE));
  if (!token) return false;
  const form = await readForm(state.req);
  const owner = csrfTokenOwner(services.secret, tokenDigest(token), form.get(CSRF_FIELD));
  if (owner === undefined) return false;
  const fields = Object.fromEntries([...form].filter(([name]) => name !== CSRF_FIELD));
  const pending = newToken();
  await services.pendingForms.save(
    tokenDigest(pending),
    { userId: owner, path, form: fields },
    state.now,
    PENDING_TTL_MS,
  );
  services.logger.info('admin.form_kept', { account: owner, path });
  redirect(state.res, loginPathFor(leadPageOf(path), 'saved'), {
    'Set-Cookie': [clearCookie(state, SESSION_COOKIE), pendingCookie(state, pending, PENDING_TTL_MS / 1000)],
  });
  return true;
}

export type FormAction = (path: string, form: FormFields) => Promise<boolean>;

/**
 * For a signed-in request from a browser holding a kept form: applies it when it is this account's (`run`
 * answers the request as the action would, and says whether it found the action), else drops it. Returns
 * true when the request was answered.
 */
export async function applyKeptForm(services: AdminServices, state: SignedIn, run: FormAction): Promise<boolean> {
  const token = tokenShaped(state.cookies.get(PENDING_COOKIE));
  // Whatever happens next, the cookie has done its job.
  state.res.setHeader('Set-Cookie', pendingCookie(state, '', 0));
  if (!token) return false;
  const pending = await services.pendingForms.take(tokenDigest(token), state.now);
  if (!pending) return false;
  if (pending.userId !== state.auth.user.id) {
    services.logger.warn('admin.form_discarded', { account: state.auth.user.id, owner: pending.userId });
    return false;
  }
  services.logger.info('admin.form_applied', { account: pending.userId, path: pending.path });
  return run(pending.path, new Map(Object.entries(pending.form)));
}
