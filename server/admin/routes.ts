/**
 * The inbox's routes, grouped by area: sign-in, leads and their pipeline, a lead's meeting, the account,
 * users, personal data, translations. Each area is handed only the services its handlers are typed for and
 * binds them, so the router runs a handler with the request alone. Each route names its method, its path
 * (`{id}` where a row's id stands, `{key}` a catalogue key), who may use it and its handler;
 * server/admin/router.ts takes each through the session, origin, permission and CSRF checks before its
 * handler runs.
 */
import { getLogin, postLogin, postLogout } from './auth.ts';
import type { AdminServices, RequestState, SignedIn } from './context.ts';
import {
  addNote,
  assignLead,
  changeStatus,
  exportCsv,
  showDashboard,
  showInbox,
  showLead,
  showMeetings,
  type LeadServices,
} from './handlers/leads.ts';
import { cancelMeeting, changeCalendarFeed, markMeeting, rescheduleMeeting } from './handlers/meetings.ts';
import { showMonitoring } from './handlers/monitoring.ts';
import { completeNextStep, mergeLead, saveDeal, sendClientEmail, showBoard, showMerge } from './handlers/pipeline.ts';
import {
  cancelPerson,
  exportPerson,
  findPerson,
  objectPerson,
  rectifyContact,
  registerRequest,
  showAudit,
  showPrivacy,
} from './handlers/privacy.ts';
import { revertTranslation, saveTranslation, showTranslationKey, showTranslations } from './handlers/translations.ts';
import { confirmTwoStep, disableTwoStep, resetUserTwoStep, startTwoStep } from './handlers/two-step.ts';
import {
  changeOwnPassword,
  createUser,
  resetUserPassword,
  setUserActive,
  showAccount,
  showUser,
  showUsers,
  updateUser,
  type UserServices,
} from './handlers/users.ts';
import { redirect, type FormFields } from './http.ts';
import { ADMIN_PATHS, PRIVACY_PATHS } from './paths.ts';
import type { Permission } from './roles.ts';
import { requestSignInLink, useSignInLink } from './sign-in-link.ts';
import { getCodePage, postCode } from './two-step.ts';
import { ACCOUNT_TWO_STEP_PATHS } from './views/two-step.ts';

type GuestHandler = (state: RequestState) => Promise<void> | void;
type PageHandler = (state: SignedIn, params: readonly string[]) => Promise<void> | void;
type ActionHandler = (state: SignedIn, params: readonly string[], form: FormFields) => Promise<void>;

/** `handler` with its area's services bound: the router runs it with the request alone. */
function bound<S>(services: S) {
  return <A extends unknown[], R>(handler: (services: S, ...args: A) => R) =>
    (...args: A): R =>
      handler(services, ...args);
}

/** `path` is the route's path, with `{id}` where a row's id (1 to 15 digits, no leading zero) stands. */
export type Route =
  | { method: 'GET' | 'POST'; path: string; access: 'guest'; run: GuestHandler }
  | { method: 'GET'; path: string; access: Permission; run: PageHandler }
  | { method: 'POST'; path: string; access: Permission; run: ActionHandler };

const ID = '[1-9][0-9]{0,14}';
/** A catalogue key as its URL carries it: `nav.contact`. */
const TRANSLATION_KEY = '[a-z][a-zA-Z0-9]{0,40}\\.[a-z][a-zA-Z0-9]{0,40}';
/** The route's path for Fastify's router. */
export const routerPath = (path: string): string =>
  path.replaceAll('{id}', `:id(^${ID}$)`).replaceAll('{key}', `:key(^${TRANSLATION_KEY}$)`);
/** The route's path as a pattern, for a kept form's replay. */
export const pathPattern = (path: string): RegExp =>
  new RegExp(
    `^${path.replace(/[.]/g, '\\.').replaceAll('{id}', `(${ID})`).replaceAll('{key}', `(${TRANSLATION_KEY})`)}$`,
  );

const lead = (action = '') => `${ADMIN_PATHS.contacts}/{id}${action}`;

/** Signing in (password, code, one-time link) and out. */
function signInRoutes(services: AdminServices): Route[] {
  const run = bound(services);
  return [
    { method: 'GET', path: ADMIN_PATHS.login, access: 'guest', run: run(getLogin) },
    { method: 'POST', path: ADMIN_PATHS.login, access: 'guest', run: run(postLogin) },
    { method: 'GET', path: ADMIN_PATHS.loginCode, access: 'guest', run: run(getCodePage) },
    { method: 'POST', path: ADMIN_PATHS.loginCode, access: 'guest', run: run(postCode) },
    { method: 'GET', path: ADMIN_PATHS.loginLink, access: 'guest', run: run(useSignInLink) },
    { method: 'POST', path: ADMIN_PATHS.loginLink, access: 'guest', run: run(requestSignInLink) },
    {
      method: 'POST',
      path: ADMIN_PATHS.logout,
      access: 'work-leads',
      run: (state) => postLogout(services, state, false),
    },
    {
      method: 'POST',
      path: ADMIN_PATHS.logoutEverywhere,
      access: 'work-leads',
      run: (state) => postLogout(services, state, true),
    },
  ];
}

/** The leads: the list, the export, a lead's page and what the team records on it. */
function leadRoutes(services: LeadServices): Route[] {
  const run = bound(services);
  return [
    {
      method: 'GET',
      path: ADMIN_PATHS.home,
      access: 'work-leads',
      run: (state) => {
        redirect(state.res, ADMIN_PATHS.contacts);
      },
    },
    { method: 'GET', path: ADMIN_PATHS.contacts, access: 'work-leads', run: run(showInbox) },
    { method: 'GET', path: ADMIN_PATHS.export, access: 'work-leads', run: run(exportCsv) },
    { method: 'GET', path: lead(), access: 'work-leads', run: run(showLead) },
    { method: 'POST', path: lead('/status'), access: 'work-leads', run: run(changeStatus) },
    { method: 'POST', path: lead('/assignee'), access: 'work-leads', run: run(assignLead) },
    { method: 'POST', path: lead('/notes'), access: 'work-leads', run: run(addNote) },
    { method: 'POST', path: lead('/contact'), access: 'work-leads', run: run(rectifyContact) },
  ];
}

/** A lead's meeting (server/admin/views/lead-meeting.ts) and the calendar subscriptions. */
function meetingRoutes(services: Parameters<typeof rescheduleMeeting>[0]): Route[] {
  const run = bound(services);
  const action = (name: string) => lead(`/reunion/${name}`);
  return [
    { method: 'POST', path: action('reprogramar'), access: 'work-leads', run: run(rescheduleMeeting) },
    { method: 'POST', path: action('cancelar'), access: 'work-leads', run: run(cancelMeeting) },
    { method: 'POST', path: action('realizada'), access: 'work-leads', run: run(markMeeting('held')) },
    { method: 'POST', path: action('no-asistio'), access: 'work-leads', run: run(markMeeting('missed')) },
    { method: 'POST', path: `${ADMIN_PATHS.account}/calendario`, access: 'work-leads', run: run(changeCalendarFeed) },
  ];
}

/** The sales pipeline: deals, next steps, e-mails to the client, merges, and the views over all leads. */
function pipelineRoutes(services: Parameters<typeof saveDeal>[0]): Route[] {
  const run = bound(services);
  return [
    { method: 'POST', path: lead('/deal'), access: 'work-leads', run: run(saveDeal) },
    { method: 'POST', path: lead('/step-done'), access: 'work-leads', run: run(completeNextStep) },
    { method: 'POST', path: lead('/email'), access: 'work-leads', run: run(sendClientEmail) },
    { method: 'GET', path: lead('/merge'), access: 'work-leads', run: run(showMerge) },
    { method: 'POST', path: lead('/merge'), access: 'work-leads', run: run(mergeLead) },
    { method: 'GET', path: ADMIN_PATHS.board, access: 'work-leads', run: run(showBoard) },
    { method: 'GET', path: ADMIN_PATHS.meetings, access: 'work-leads', run: run(showMeetings) },
    { method: 'GET', path: ADMIN_PATHS.dashboard, access: 'work-leads', run: run(showDashboard) },
    { method: 'GET', path: ADMIN_PATHS.monitoring, access: 'work-leads', run: run(showMonitoring) },
  ];
}

/** Each person's own account: password and two-step sign-in. */
function accountRoutes(services: UserServices): Route[] {
  const run = bound(services);
  return [
    {
      method: 'GET',
      path: ADMIN_PATHS.account,
      access: 'work-leads',
      run: (state) => showAccount(services, state),
    },
    { method: 'POST', path: `${ADMIN_PATHS.account}/password`, access: 'work-leads', run: run(changeOwnPassword) },
    { method: 'POST', path: ACCOUNT_TWO_STEP_PATHS.start, access: 'work-leads', run: run(startTwoStep) },
    { method: 'POST', path: ACCOUNT_TWO_STEP_PATHS.confirm, access: 'work-leads', run: run(confirmTwoStep) },
    { method: 'POST', path: ACCOUNT_TWO_STEP_PATHS.disable, access: 'work-leads', run: run(disableTwoStep) },
  ];
}

/** The team's accounts: admins only. */
function userRoutes(services: UserServices): Route[] {
  const run = bound(services);
  const user = (action = '') => `${ADMIN_PATHS.users}/{id}${action}`;
  return [
    {
      method: 'GET',
      path: ADMIN_PATHS.users,
      access: 'manage-users',
      run: (state) => showUsers(services, state),
    },
    { method: 'POST', path: ADMIN_PATHS.users, access: 'manage-users', run: run(createUser) },
    { method: 'GET', path: user(), access: 'manage-users', run: run(showUser) },
    { method: 'POST', path: user(), access: 'manage-users', run: run(updateUser) },
    {
      method: 'POST',
      path: user('/disable'),
      access: 'manage-users',
      run: (state, params) => setUserActive(services, state, params, false),
    },
    {
      method: 'POST',
      path: user('/enable'),
      access: 'manage-users',
      run: (state, params) => setUserActive(services, state, params, true),
    },
    { method: 'POST', path: user('/password'), access: 'manage-users', run: run(resetUserPassword) },
    { method: 'POST', path: user('/two-step/reset'), access: 'manage-users', run: run(resetUserTwoStep) },
  ];
}

/** Personal data (ARCO) and the audit trail: admins only. */
function privacyRoutes(services: Parameters<typeof showPrivacy>[0]): Route[] {
  const run = bound(services);
  return [
    { method: 'GET', path: ADMIN_PATHS.privacy, access: 'manage-users', run: run(showPrivacy) },
    { method: 'POST', path: ADMIN_PATHS.privacy, access: 'manage-users', run: run(registerRequest) },
    { method: 'POST', path: PRIVACY_PATHS.find, access: 'manage-users', run: run(findPerson) },
    { method: 'POST', path: PRIVACY_PATHS.access, access: 'manage-users', run: run(exportPerson) },
    { method: 'POST', path: PRIVACY_PATHS.objection, access: 'manage-users', run: run(objectPerson) },
    { method: 'POST', path: PRIVACY_PATHS.cancel, access: 'manage-users', run: run(cancelPerson) },
    { method: 'GET', path: ADMIN_PATHS.audit, access: 'manage-users', run: run(showAudit) },
  ];
}

/** The interface strings and their edits. */
function translationRoutes(services: Parameters<typeof showTranslations>[0]): Route[] {
  const run = bound(services);
  const key = (action = '') => `${ADMIN_PATHS.translations}/{key}${action}`;
  return [
    { method: 'GET', path: ADMIN_PATHS.translations, access: 'edit-translations', run: run(showTranslations) },
    { method: 'GET', path: key(), access: 'edit-translations', run: run(showTranslationKey) },
    { method: 'POST', path: key(), access: 'edit-translations', run: run(saveTranslation) },
    { method: 'POST', path: key('/revert'), access: 'edit-translations', run: run(revertTranslation) },
  ];
}

/** Every route of the inbox, each area handed the services it works with. */
export function inboxRouteList(services: AdminServices): readonly Route[] {
  return [
    ...signInRoutes(services),
    ...leadRoutes(services),
    ...meetingRoutes(services),
    ...pipelineRoutes(services),
    ...accountRoutes(services),
    ...userRoutes(services),
    ...privacyRoutes(services),
    ...translationRoutes(services),
  ];
}
