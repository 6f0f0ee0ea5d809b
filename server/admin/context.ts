/** What every inbox handler works with: the stores, the secret, the clock, and the request at hand. */
import type { Conversion } from '../monitoring/conversion.ts';
import type { MonitoringOverview } from '../monitoring/overview.ts';
import type { PageType } from '../monitoring/page-types.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress, hashAddress } from '../client/facts.ts';
import type { TrustProxy } from '../client/trusted-proxies.ts';
import type { LeadSettings } from '../lead/view.ts';
import type { Logger } from '../log/logger.ts';
import type { Actor, AuditLog } from '../privacy/audit.ts';
import type { PrivacyService } from '../privacy/service.ts';
import type { CalendarFeeds } from '../meetings/calendar-feed.ts';
import type { MeetingService } from '../meetings/service.ts';
import type { AdminConfig } from './config.ts';
import { sessionCsrfToken } from './csrf.ts';
import type { Html } from './html.ts';
import { sendHtml } from './http.ts';
import type { InboxMail } from './mail.ts';
import type { DealStore } from './store/deals.ts';
import type { MergeStore } from './store/merges.ts';
import type { OutreachStore } from './store/outreach.ts';
import type { PendingFormStore } from './store/pending-forms.ts';
import type { PipelineQueries } from './store/pipeline.ts';
import type { SearchIndex } from './store/search-index.ts';
import type { SessionStore, SessionWithUser } from './store/sessions.ts';
import type { SignInLinkStore } from './store/sign-in-links.ts';
import type { ThrottleStore } from './store/throttle.ts';
import type { TotpStore } from './store/totp.ts';
import type { UserStore } from './store/users.ts';
import type { WorkStore } from './store/work.ts';
import type { TranslationsService } from '../translations/service.ts';
import type { Notice, PageContext } from './views/layout.ts';

/**
 * What the inbox's routes read of the configuration: its Fastify plugin's options (server/app.ts registers
 * the plugin with them), laid over the services it was built with.
 */
export type InboxRoutesConfig = Pick<AdminServices, 'config' | 'trustProxy'>;

export interface AdminServices {
  config: AdminConfig;
  secret: string;
  trustProxy: TrustProxy;
  users: UserStore;
  sessions: SessionStore;
  throttle: ThrottleStore;
  work: WorkStore;
  /** ARCO requests, the register, rectification and the lead's consent (admin pages, the lead page). */
  privacy: PrivacyService;
  /** Sign-ins, exports, ARCO actions and account changes. */
  audit: AuditLog;
  /** Two-step sign-in per account. */
  totp: TotpStore;
  signInLinks: SignInLinkStore;
  /** What a lead's view is computed with: labels, score, consultant and meeting, as in the e-mails. */
  leadSettings: LeadSettings;
  now: () => Date;
  logger: Logger;
  stylesheetVersion: string;
  /** The booked meetings: the lead page reschedules, cancels and marks them through the same service as the API. */
  meetings: MeetingService;
  /** Each account's private calendar subscription. */
  calendarFeeds: CalendarFeeds;
  /** The sales pipeline: deals, merges, forms kept across a sign-in, search, board and money. */
  deals: DealStore;
  merges: MergeStore;
  pendingForms: PendingFormStore;
  outreach: OutreachStore;
  searchIndex: SearchIndex;
  pipeline: PipelineQueries;
  /** What /admin/monitoring shows, for one page type's trend. */
  monitoring: {
    overview(type: PageType, now: Date): Promise<MonitoringOverview>;
    /** The dashboard's views, leads and conversion since `fromDay` (its start `since`), against the period before. */
    conversion(fromDay: string, since: Date, now: Date): Promise<Conversion>;
  };
  /** The interface strings in every language and the inbox's edits of them (a process without a site has none). */
  translations: TranslationsService | undefined;
  /** E-mails the inbox writes to the outbox (to a lead's client, the digest, a sign-in link), composed outside it. */
  mail: InboxMail;
}

export interface RequestState {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  now: Date;
  cookies: ReadonlyMap<string, string>;
  /** HTTPS as the browser sees it (directly or through a trusted proxy): cookies get `Secure`. */
  secure: boolean;
  /** Set once the session was checked. */
  auth: SessionWithUser | undefined;
  /** A session cookie was sent but its session had ended (for the sign-in notice). */
  expired: boolean;
}

export type SignedIn = RequestState & { auth: SessionWithUser };

/** The request's client address, hashed with the inbox's secret (the throttle's and the audit's key). */
export function addressHashOf(services: Pick<AdminServices, 'trustProxy' | 'secret'>, state: RequestState): string {
  return hashAddress(clientAddress(state.req, services.trustProxy), services.secret);
}

/** The signed-in account as the audit trail names it. */
export function actorOf(
  services: Pick<AdminServices, 'trustProxy' | 'secret'>,
  state: SignedIn,
): Extract<Actor, { kind: 'account' }> {
  return { kind: 'account', id: state.auth.user.id, addressHash: addressHashOf(services, state) };
}

/** What every signed-in page is drawn with: the CSRF tokens' key and the stylesheet's version. */
export type PageServices = Pick<AdminServices, 'secret' | 'stylesheetVersion'>;

export function sessionCsrf(services: Pick<AdminServices, 'secret'>, auth: SessionWithUser): string {
  return sessionCsrfToken(services.secret, auth.session.id, auth.user.id);
}

export function pageContext(services: PageServices, state: SignedIn): PageContext {
  return {
    user: state.auth.user,
    csrf: sessionCsrf(services, state.auth),
    stylesheetVersion: services.stylesheetVersion,
  };
}

export function render(
  state: RequestState,
  status: number,
  page: Html,
  headers: Record<string, string | string[]> = {},
): void {
  sendHtml(state.res, status, page, headers);
}

/** Confirmations shown after a redirect (`?aviso=`): fixed texts, so the URL carries nothing a person typed. */
export const NOTICES = {
  estado: 'Estado actualizado.',
  asignado: 'Responsable actualizado.',
  nota: 'Nota agregada.',
  'usuario-creado': 'Cuenta creada. Comparte la contraseña por un canal seguro.',
  'usuario-guardado': 'Cambios guardados.',
  'usuario-desactivado': 'Cuenta desactivada; sus sesiones se cerraron.',
  'usuario-reactivado': 'Cuenta reactivada.',
  'clave-usuario': 'Contraseña cambiada; sus sesiones se cerraron.',
  clave: 'Tu contraseña cambió. Cerramos tus sesiones en los demás dispositivos.',
  datos: 'Datos de contacto corregidos; el cambio quedó en el historial.',
  'sin-cambios': 'No había nada que corregir: los datos ya eran esos.',
  acceso: 'Solicitud de acceso respondida: descarga los datos y envíaselos a la persona.',
  cancelacion: 'Datos personales eliminados. La solicitud quedó registrada como respondida.',
  oposicion: 'Oposición registrada: no se le enviarán más correos sobre los datos que nos dio.',
  revocacion: 'Revocación registrada: no se le enviarán más correos sobre los datos que nos dio.',
  solicitud: 'Solicitud registrada con su fecha límite.',
  'reunion-movida': 'Reunión reprogramada. Le enviamos al cliente la invitación actualizada.',
  'reunion-cancelada': 'Reunión cancelada y horario liberado. Le avisamos al cliente por correo.',
  'reunion-realizada': 'Reunión marcada como realizada.',
  'reunion-no-asistio': 'Reunión marcada: el cliente no asistió.',
  'calendario-creado': 'Tu dirección de suscripción está lista. Pégala en tu calendario.',
  'calendario-cambiado': 'Tu dirección de suscripción cambió: la anterior ya no funciona.',
  'calendario-revocado': 'Revocaste tu dirección de suscripción: ya no funciona.',
  'dos-pasos-desactivada': 'Desactivaste la verificación en dos pasos.',
  'dos-pasos-restablecida':
    'Quitamos su verificación en dos pasos: entrará solo con su contraseña hasta que la active de nuevo.',
  trato: 'Trato guardado.',
  'trato-sin-cambios': 'No había nada que cambiar en el trato.',
  'paso-hecho': 'Paso marcado como hecho. ¿Qué sigue? Escribe el siguiente paso y su fecha en el trato.',
  correo: 'Correo en camino: su entrega aparece en «Correos».',
  unido: 'Leads unidos: este lead tiene ahora el historial de los dos.',
  fusionado: 'Ese lead se unió a este: aquí está todo su historial.',
  recuperado: 'Aplicamos lo que habías enviado antes de que terminara tu sesión.',
  traduccion: 'Texto guardado: cada servidor lo pone en las páginas en menos de un minuto.',
} as const;

export type NoticeKey = keyof typeof NOTICES;

export function noticeFrom(url: URL): Notice | undefined {
  const key = url.searchParams.get('aviso');
  return key && Object.hasOwn(NOTICES, key) ? { tone: 'success', message: NOTICES[key as NoticeKey] } : undefined;
}

export function withNotice(path: string, key: NoticeKey, fragment = ''): string {
  return `${path}${path.includes('?') ? '&' : '?'}aviso=${key}${fragment}`;
}
