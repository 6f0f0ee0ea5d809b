/** What every inbox handler works with: the stores, the secret, the clock, and the request at hand. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TrustProxy } from '../api/trusted-proxies.ts';
import type { LeadSettings } from '../lead/view.ts';
import type { Logger } from '../log/logger.ts';
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
import type { ThrottleStore } from './store/throttle.ts';
import type { UserStore } from './store/users.ts';
import type { WorkStore } from './store/work.ts';
import type { Notice, PageContext } from './views/layout.ts';

export interface AdminServices {
  config: AdminConfig;
  secret: string;
  trustProxy: TrustProxy;
  users: UserStore;
  sessions: SessionStore;
  throttle: ThrottleStore;
  work: WorkStore;
  /** What a lead's view is computed with: labels, score, consultant and meeting, as in the e-mails. */
  leadSettings: LeadSettings;
  now: () => Date;
  logger: Logger;
  stylesheetVersion: string;
  /** The sales pipeline: deals, merges, forms kept across a sign-in, search, board and money. */
  deals: DealStore;
  merges: MergeStore;
  pendingForms: PendingFormStore;
  outreach: OutreachStore;
  searchIndex: SearchIndex;
  pipeline: PipelineQueries;
  /** E-mails the inbox writes to the outbox (composed outside the inbox). */
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

export function sessionCsrf(services: AdminServices, auth: SessionWithUser): string {
  return sessionCsrfToken(services.secret, auth.session.id, auth.user.id);
}

export function pageContext(services: AdminServices, state: SignedIn): PageContext {
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
  trato: 'Trato guardado.',
  'sin-cambios': 'No había nada que cambiar.',
  'paso-hecho': 'Siguiente paso marcado como hecho.',
  correo: 'Correo en camino: su entrega aparece en «Correos».',
  unido: 'Leads unidos: este lead tiene ahora el historial de los dos.',
  fusionado: 'Ese lead se unió a este: aquí está todo su historial.',
  recuperado: 'Aplicamos lo que habías enviado antes de que terminara tu sesión.',
} as const;

export type NoticeKey = keyof typeof NOTICES;

export function noticeFrom(url: URL): Notice | undefined {
  const key = url.searchParams.get('aviso');
  return key && Object.hasOwn(NOTICES, key) ? { tone: 'success', message: NOTICES[key as NoticeKey] } : undefined;
}

export function withNotice(path: string, key: NoticeKey, fragment = ''): string {
  return `${path}${path.includes('?') ? '&' : '?'}aviso=${key}${fragment}`;
}
