/**
 * The way in for the owner of a throttled account: from the sign-in page they ask for a link, which goes to
 * the account's e-mail through the outbox. The link lasts 15 minutes, works once, and only in the browser
 * that asked: that browser holds a random cookie whose digest is stored with the link, so a link forwarded,
 * intercepted or opened by a mail scanner signs nobody in. The answer never says whether the e-mail has an
 * account. Links point at the site's configured address (`SITE_URL`), never at the request's Host header.
 */
import { createHash } from 'node:crypto';
import { clientAddress, hashAddress } from '../client/facts.ts';
import { createOutboxStore } from '../db/outbox.ts';
import { normalizeEmail } from './accounts.ts';
import { cookieOptions, DEVICE_COOKIE, LOGIN_COOKIE, passFirstStep, showLogin } from './auth.ts';
import { serializeCookie } from './cookies.ts';
import { type AdminServices, type RequestState } from './context.ts';
import { isValidCsrfToken } from './csrf.ts';
import { trustedDevice } from './device.ts';
import { readForm, redirect } from './http.ts';
import { ADMIN_PATHS, loginPathFor } from './paths.ts';
import type { LinkRefusal } from './store/sign-in-links.ts';
import { newToken, tokenDigest, tokenShaped } from './tokens.ts';
import { CSRF_FIELD } from './views/components.ts';
import { LOGIN_MESSAGES } from './views/login.ts';

/** The asking browser's own value; the link is bound to its digest. */
export const LINK_COOKIE = 'angram_admin_link';
export const SIGN_IN_LINK_MINUTES = 15;
const LINK_TTL_MS = SIGN_IN_LINK_MINUTES * 60 * 1000;
/**
 * At most 3 links per asking browser and address, and 10 per address, in 15 minutes: nobody's mailbox gets
 * flooded from one place, and nobody but the owner can spend the owner's quota (a limit per account would
 * let an outsider use up the links the owner needs to get in).
 */
const LINK_LIMITS = { perBrowser: 3, perAddress: 10, windowMs: LINK_TTL_MS };

const browserDigest = (value: string) => createHash('sha256').update(`angram-admin-link\u0000${value}`).digest('hex');

export const LINK_REFUSALS: Readonly<Record<LinkRefusal | 'inactive', string>> = {
  unknown: 'Este enlace no es válido o ya se usó. Pide otro desde la página para entrar.',
  used: 'Este enlace no es válido o ya se usó. Pide otro desde la página para entrar.',
  expired: `Este enlace venció: vale ${SIGN_IN_LINK_MINUTES} minutos. Pide otro desde la página para entrar.`,
  'other-browser':
    'Este enlace solo funciona en el navegador desde el que lo pediste. Ábrelo ahí, o pide otro desde este navegador.',
  inactive: 'Esta cuenta está desactivada. Pide a una persona con rol de administración que la reactive.',
};

/** POST /admin/login/link: queues a link for the account, when there is an active one, and says so vaguely. */
export async function requestSignInLink(services: AdminServices, state: RequestState): Promise<void> {
  if (state.auth) {
    redirect(state.res, ADMIN_PATHS.contacts);
    return;
  }
  const form = await readForm(state.req);
  const nonce = tokenShaped(state.cookies.get(LOGIN_COOKIE));
  if (!nonce || !isValidCsrfToken(services.secret, `login:${nonce}`, form.get(CSRF_FIELD))) {
    showLogin(services, state, 403, { next: undefined, notice: { tone: 'error', message: LOGIN_MESSAGES.staleForm } });
    return;
  }
  const email = normalizeEmail(form.get('email') ?? '').slice(0, 254);
  const browser = tokenShaped(state.cookies.get(LINK_COOKIE)) ?? newToken();
  const user = email ? await services.users.byEmail(email) : undefined;
  if (user?.active) {
    const token = newToken();
    const url = new URL(`${ADMIN_PATHS.loginLink}?t=${token}`, services.leadSettings.siteUrl).toString();
    const created = await services.signInLinks.create(
      {
        id: tokenDigest(token),
        userId: user.id,
        browser: browserDigest(browser),
        address: hashAddress(clientAddress(state.req, services.trustProxy), services.secret),
        now: state.now,
        ttlMs: LINK_TTL_MS,
      },
      LINK_LIMITS,
      async (tx) => {
        const draft = services.mail.signInLink({ to: user.email, name: user.name, url, minutes: SIGN_IN_LINK_MINUTES });
        // Stamped with the wall clock, like the outbox's own deliveries.
        await createOutboxStore(tx).enqueue({ leadId: null, ...draft, now: new Date().toISOString() });
      },
    );
    services.logger.info(created ? 'admin.sign_in_link_sent' : 'admin.sign_in_link_limited', { account: user.id });
  }
  // The same answer whether or not there is an account, or a link was sent.
  redirect(state.res, loginPathFor(undefined, 'link-sent'), {
    'Set-Cookie': serializeCookie(LINK_COOKIE, browser, cookieOptions(state, 'Lax', LINK_TTL_MS / 1000)),
  });
}

/** GET /admin/login/link?t=…: signs in the browser that asked (then the code, with two-step sign-in). */
export async function useSignInLink(services: AdminServices, state: RequestState): Promise<void> {
  if (state.auth) {
    redirect(state.res, ADMIN_PATHS.contacts);
    return;
  }
  const token = tokenShaped(state.url.searchParams.get('t') ?? undefined);
  const browser = tokenShaped(state.cookies.get(LINK_COOKIE));
  const refuse = (reason: keyof typeof LINK_REFUSALS) => {
    services.logger.warn('admin.sign_in_link_refused', { reason });
    showLogin(services, state, reason === 'other-browser' ? 403 : 410, {
      next: undefined,
      notice: { tone: 'error', message: LINK_REFUSALS[reason] },
    });
  };
  if (!token) {
    refuse('unknown');
    return;
  }
  const used = await services.signInLinks.use(
    tokenDigest(token),
    browser === undefined ? undefined : browserDigest(browser),
    state.now,
  );
  if ('refused' in used) {
    refuse(used.refused);
    return;
  }
  const user = await services.users.byId(used.userId);
  if (!user?.active) {
    refuse('inactive');
    return;
  }
  // The browser becomes a trusted device when the whole sign-in is done (after the code, with two steps):
  // a link alone never buys a browser its own counter for guessing codes.
  const trusted = trustedDevice(services.secret, state.cookies.get(DEVICE_COOKIE), user.id) !== undefined;
  const cookies = [serializeCookie(LINK_COOKIE, '', cookieOptions(state, 'Lax', 0))];
  await passFirstStep(services, state, user.id, { next: undefined, trusted, via: 'link', extraCookies: cookies });
}
