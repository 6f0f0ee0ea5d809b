/**
 * The personal-data pages (admin only): the register of ARCO requests with their legal deadlines, a person
 * looked up by e-mail with what is held about them and the answers (hand over, oppose or revoke, erase), a
 * request registered to answer later; and the audit trail.
 */
import { businessDaysBetween } from '../../privacy/deadline.ts';
import type { AuditEntry } from '../../privacy/audit.ts';
import { AUDIT_ACTIONS, isAuditAction } from '../../privacy/audit.ts';
import type { Finding } from '../../privacy/find.ts';
import type { LeadPrivacy } from '../../privacy/service.ts';
import type { PrivacyRequest } from '../../privacy/requests.ts';
import { REQUEST_KINDS } from '../../privacy/requests.ts';
import { formatDayMonthYear, todayInMexicoCity } from '../../../core/dates.ts';
import { html, type Html } from '../html.ts';
import { ADMIN_PATHS, PRIVACY_PATHS } from '../paths.ts';
import {
  csrfInput,
  dateTime,
  errorSummary,
  inputField,
  section,
  selectField,
  textareaField,
  type FieldErrors,
} from './components.ts';
import { numberedPagination } from './pagination.ts';
import { adminPage, type Notice, type PageContext } from './layout.ts';

export const REASON_MAX_LENGTH = 1000;

export interface PrivacyForm {
  /** Which form the errors and values belong to. */
  form: 'buscar' | 'registrar' | 'acceso' | 'oposicion' | 'cancelacion';
  errors: FieldErrors;
  values: Readonly<Record<string, string>>;
}

export interface PrivacyView {
  requests: readonly PrivacyRequest[];
  total: number;
  page: number;
  pages: number;
  all: boolean;
  now: Date;
  /** The person looked up, and what is held about them. */
  finding?: Finding;
  form?: PrivacyForm;
  notice?: Notice;
}

const kindChoices = Object.entries(REQUEST_KINDS).map(([value, label]) => ({ value, label }));
const objectionChoices = [
  { value: 'oposicion', label: REQUEST_KINDS.oposicion },
  { value: 'revocacion', label: REQUEST_KINDS.revocacion },
];
const formatChoices = [
  { value: 'txt', label: 'Texto (para leerlo)' },
  { value: 'json', label: 'JSON (legible por máquina)' },
];

function requestState(request: PrivacyRequest, today: string): Html {
  if (request.answeredAt) {
    const by = request.answeredBy?.kind === 'account' ? (request.answeredBy.name ?? 'una cuenta') : 'la terminal';
    return html`<span class="badge status-ganado">Respondida</span> ${dateTime(request.answeredAt)} · ${by}`;
  }
  const left = businessDaysBetween(today, request.dueOn);
  return left >= 0
    ? html`<span class="badge status-nuevo">Abierta</span> faltan ${left} ${left === 1 ? 'día hábil' : 'días hábiles'}`
    : html`<span class="badge status-perdido">Vencida</span> hace ${-left} ${left === -1 ? 'día hábil' : 'días hábiles'}`;
}

function requestsTable(view: PrivacyView): Html {
  const today = todayInMexicoCity(view.now);
  if (view.requests.length === 0)
    return html`<p class="muted">${view.all ? 'No hay solicitudes registradas.' : 'No hay solicitudes abiertas.'}</p>`;
  return html`<div class="table-wrap"><table class="stack"><caption class="visually-hidden">Solicitudes ARCO</caption>
<thead><tr><th scope="col">N.º</th><th scope="col">Tipo</th><th scope="col">Correo</th><th scope="col">Recibida</th><th scope="col">Fecha límite</th><th scope="col">Estado</th></tr></thead>
<tbody>${view.requests.map(
    (request) =>
      html`<tr><th scope="row" data-label="N.º">${request.id}</th><td data-label="Tipo">${REQUEST_KINDS[request.kind]}</td><td data-label="Correo">${request.email ?? request.emailMask}</td><td data-label="Recibida">${formatDayMonthYear(request.receivedOn)}</td><td data-label="Fecha límite">${formatDayMonthYear(request.dueOn)}</td><td data-label="Estado">${requestState(request, today)}</td></tr>`,
  )}</tbody></table></div>`;
}

const valuesOf = (view: PrivacyView, form: PrivacyForm['form']) =>
  view.form?.form === form ? view.form.values : ({} as Readonly<Record<string, string>>);
const errorsOf = (view: PrivacyView, form: PrivacyForm['form']): FieldErrors =>
  view.form?.form === form ? view.form.errors : {};

const receivedField = (id: string, values: Readonly<Record<string, string>>, errors: FieldErrors) =>
  inputField({
    name: 'received',
    id,
    label: 'Fecha en que llegó la solicitud',
    type: 'date',
    value: values.received ?? '',
    hint: 'Si llegó antes de hoy; el plazo legal se cuenta desde esa fecha.',
    errors,
  });

function findingSummary(finding: Finding): Html {
  const tables = Object.entries(finding.tables);
  return html`<p>Lo que guardamos de <strong>${finding.lookup.email}</strong>${finding.lookup.phone ? html` (y del teléfono ${finding.lookup.phone})` : html``}:</p>
${
  tables.length === 0 && finding.files.length === 0
    ? html`<p class="muted">No hay nada ligado a ese correo.</p>`
    : html`<ul>${tables.map(
        ([, table]) =>
          html`<li>${table.title}: ${table.rows.length} ${table.rows.length === 1 ? 'registro' : 'registros'}${table.quotedIn.length > 0 ? html`; lo mencionan ${table.quotedIn.length} de otras personas` : html``}</li>`,
      )}<li>Archivos .eml del buzón de salida: ${finding.files.length}</li></ul>`
}
${
  finding.samePhoneOtherEmail.length > 0
    ? html`<p class="hint">Con su teléfono hay también ${finding.samePhoneOtherEmail.map((lead) => lead.reference).join(', ')} bajo otro correo: si es la misma persona, búscala con su teléfono.</p>`
    : html``
}`;
}

function personActions(context: PageContext, view: PrivacyView, finding: Finding): Html {
  const email = finding.lookup.email;
  const phone = finding.lookup.phone ?? '';
  const hidden = html`<input type="hidden" name="email" value="${email}"><input type="hidden" name="phone" value="${phone}">`;
  const access = { values: valuesOf(view, 'acceso'), errors: errorsOf(view, 'acceso') };
  const objection = { values: valuesOf(view, 'oposicion'), errors: errorsOf(view, 'oposicion') };
  const cancel = { values: valuesOf(view, 'cancelacion'), errors: errorsOf(view, 'cancelacion') };
  return html`<div class="grid grid-2">
${section(
  'Acceso: entregarle sus datos',
  'acceso',
  html`<form method="post" action="${PRIVACY_PATHS.access}">
${csrfInput(context.csrf)}${hidden}
${errorSummary(access.errors)}
${selectField({ name: 'format', id: 'acceso-formato', label: 'Formato del archivo', choices: formatChoices, value: access.values.format ?? 'txt', errors: access.errors })}
${receivedField('acceso-recibida', access.values, access.errors)}
<div class="actions"><button class="btn btn-primary" type="submit">Descargar sus datos</button></div>
</form>
<p class="hint">La solicitud queda registrada como respondida. Envíale el archivo por un canal seguro.</p>`,
)}
${section(
  'Oposición o revocación',
  'oposicion',
  html`<form method="post" action="${PRIVACY_PATHS.objection}">
${csrfInput(context.csrf)}${hidden}
${errorSummary(objection.errors)}
${selectField({ name: 'kind', id: 'oposicion-tipo', label: 'Qué pide', choices: objectionChoices, value: objection.values.kind ?? 'oposicion', errors: objection.errors })}
${textareaField({ name: 'reason', id: 'oposicion-motivo', label: 'Motivo', required: true, maxLength: REASON_MAX_LENGTH, rows: 3, value: objection.values.reason ?? '', errors: objection.errors })}
${receivedField('oposicion-recibida', objection.values, objection.errors)}
<div class="actions"><button class="btn btn-outline" type="submit">Registrar y dejar de escribirle</button></div>
</form>
<p class="hint">Los correos en cola se detienen y no se le envían más sobre los datos que nos dio.</p>`,
)}
</div>
${section(
  'Cancelación: borrar sus datos',
  'cancelacion',
  html`<form method="post" action="${PRIVACY_PATHS.cancel}">
${csrfInput(context.csrf)}${hidden}
${errorSummary(cancel.errors)}
${textareaField({ name: 'reason', id: 'cancelacion-motivo', label: 'Motivo', required: true, maxLength: REASON_MAX_LENGTH, rows: 3, value: cancel.values.reason ?? '', errors: cancel.errors })}
${receivedField('cancelacion-recibida', cancel.values, cancel.errors)}
${inputField({ name: 'confirm', id: 'cancelacion-confirmar', label: `Escribe ${email} para confirmar`, type: 'email', required: true, maxLength: 254, autocomplete: 'off', hint: 'No se puede deshacer: sus leads quedan sin datos personales, sus reuniones futuras se cancelan y sus correos y archivos .eml se borran. Las cifras del negocio se conservan.', errors: cancel.errors })}
<div class="actions"><button class="btn btn-danger" type="submit">Borrar sus datos personales</button></div>
</form>`,
)}`;
}

export function privacyPage(context: PageContext, view: PrivacyView): Html {
  const search = { values: valuesOf(view, 'buscar'), errors: errorsOf(view, 'buscar') };
  const register = { values: valuesOf(view, 'registrar'), errors: errorsOf(view, 'registrar') };
  const listHref = (page: number) =>
    `${ADMIN_PATHS.privacy}?${new URLSearchParams({ ...(view.all ? { todas: '1' } : {}), pagina: String(page) }).toString()}`;
  return adminPage(
    context,
    { title: 'Datos personales', section: 'privacy', ...(view.notice ? { notice: view.notice } : {}) },
    html`<div class="page-head"><div><h1>Datos personales</h1><p class="lede">Solicitudes de acceso, rectificación, cancelación y oposición (derechos ARCO) y revocaciones del consentimiento. La ley da 20 días hábiles para responder. La rectificación se hace en la página del lead.</p></div></div>
${section(
  'Buscar a una persona',
  'buscar',
  html`<form method="post" action="${PRIVACY_PATHS.find}">
${csrfInput(context.csrf)}
${errorSummary(search.errors)}
${inputField({ name: 'email', id: 'buscar-correo', label: 'Correo electrónico', type: 'email', required: true, maxLength: 254, value: search.values.email ?? view.finding?.lookup.email ?? '', autocomplete: 'off', errors: search.errors })}
${inputField({ name: 'phone', id: 'buscar-telefono', label: 'Teléfono (opcional)', type: 'tel', maxLength: 20, value: search.values.phone ?? view.finding?.lookup.phone ?? '', autocomplete: 'off', inputMode: 'tel', hint: 'Suma los leads enviados con ese teléfono bajo otro correo.', errors: search.errors })}
<div class="actions"><button class="btn btn-primary" type="submit">Buscar sus datos</button></div>
</form>
${view.finding ? findingSummary(view.finding) : html``}`,
)}
${view.finding ? personActions(context, view, view.finding) : html``}
${section(
  view.all ? 'Todas las solicitudes' : 'Solicitudes abiertas',
  'solicitudes',
  html`<p><a href="${view.all ? ADMIN_PATHS.privacy : `${ADMIN_PATHS.privacy}?todas=1`}">${view.all ? 'Ver solo las abiertas' : 'Ver también las respondidas'}</a> · <a href="${ADMIN_PATHS.audit}">Bitácora de auditoría</a></p>
${requestsTable(view)}
${numberedPagination(view.page, view.pages, listHref, 'Páginas de solicitudes')}`,
)}
${section(
  'Registrar una solicitud recibida',
  'registrar',
  html`<p class="hint">Para responderla después: queda en la lista con su fecha límite.</p>
<form method="post" action="${ADMIN_PATHS.privacy}">
${csrfInput(context.csrf)}
${errorSummary(register.errors)}
${selectField({ name: 'kind', id: 'registrar-tipo', label: 'Tipo', choices: kindChoices, value: register.values.kind ?? 'acceso', errors: register.errors })}
${inputField({ name: 'email', id: 'registrar-correo', label: 'Correo electrónico de la persona', type: 'email', required: true, maxLength: 254, value: register.values.email ?? '', autocomplete: 'off', errors: register.errors })}
${receivedField('registrar-recibida', register.values, register.errors)}
${textareaField({ name: 'detail', id: 'registrar-detalle', label: 'Detalle (opcional)', maxLength: REASON_MAX_LENGTH, rows: 3, value: register.values.detail ?? '', errors: register.errors })}
<div class="actions"><button class="btn btn-outline" type="submit">Registrar la solicitud</button></div>
</form>`,
)}`,
  );
}

export interface AuditView {
  entries: readonly AuditEntry[];
  page: number;
  pages: number;
  action: string;
}

const actionChoices = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));

function actorText(entry: AuditEntry): string {
  switch (entry.actorKind) {
    case 'account':
      return entry.actorName ?? `Cuenta ${entry.actorId ?? ''}`;
    case 'terminal':
      return 'Terminal (npm run)';
    case 'system':
      return 'Tarea programada';
    case 'unknown':
      return 'Sin sesión';
  }
}

const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');

export function auditPage(context: PageContext, view: AuditView): Html {
  const hrefFor = (page: number) =>
    `${ADMIN_PATHS.audit}?${new URLSearchParams({ ...(view.action ? { accion: view.action } : {}), pagina: String(page) }).toString()}`;
  return adminPage(
    context,
    { title: 'Bitácora de auditoría', section: 'privacy' },
    html`<p><a href="${ADMIN_PATHS.privacy}">← Volver a datos personales</a></p>
<div class="page-head"><div><h1>Bitácora de auditoría</h1><p class="lede">Inicios de sesión (y los fallidos), exportaciones, solicitudes ARCO y cambios de cuentas: quién, cuándo y qué. Nunca copia los datos: un lead aparece por su número.</p></div></div>
<form method="get" action="${ADMIN_PATHS.audit}" class="card">
${selectField({ name: 'accion', id: 'accion', label: 'Acción', choices: actionChoices, value: view.action, placeholder: 'Todas' })}
<div class="actions"><button class="btn btn-outline" type="submit">Filtrar</button></div>
</form>
<div class="card">${
      view.entries.length === 0
        ? html`<p class="muted">No hay entradas.</p>`
        : html`<div class="table-wrap"><table class="stack"><caption class="visually-hidden">Entradas de la bitácora</caption>
<thead><tr><th scope="col">Fecha</th><th scope="col">Quién</th><th scope="col">Acción</th><th scope="col">Sobre</th><th scope="col">Detalle</th></tr></thead>
<tbody>${view.entries.map(
            (entry) =>
              html`<tr><td data-label="Fecha">${dateTime(entry.at)}</td><td data-label="Quién">${actorText(entry)}</td><td data-label="Acción">${isAuditAction(entry.action) ? AUDIT_ACTIONS[entry.action] : entry.action}</td><td data-label="Sobre">${entry.target ?? '—'}</td><td data-label="Detalle">${detailText(entry.detail) || '—'}</td></tr>`,
          )}</tbody></table></div>`
    }
${numberedPagination(view.page, view.pages, hrefFor, 'Páginas de la bitácora')}</div>`,
  );
}

export interface LeadPrivacyView {
  leadId: number;
  contact: { name: string; email: string; company: string | null; phone: string | null };
  /** What the form was shown with (server/privacy/service.ts `contactVersion`). */
  version: string;
  privacy: LeadPrivacy;
  form?: { errors: FieldErrors; values: Readonly<Record<string, string>> };
}

/** The lead page's personal-data card: consent as the person left it, and rectification of the contact data. */
export function leadPrivacySection(context: PageContext, view: LeadPrivacyView): Html {
  const { privacy, contact } = view;
  const errors = view.form?.errors ?? {};
  const value = (name: keyof LeadPrivacyView['contact']) => view.form?.values[name] ?? contact[name] ?? '';
  const consent = html`<ul>
<li>${privacy.refusals.length > 0 ? html`Rechazó: ${privacy.refusals.map((refusal) => refusal.label).join(', ')}.` : 'No rechazó ninguna finalidad voluntaria.'}</li>
${privacy.objection ? html`<li>${REQUEST_KINDS[privacy.objection.kind]} desde ${dateTime(privacy.objection.at)}: no se le envían correos.</li>` : html``}
</ul>`;
  if (privacy.anonymisedAt)
    return section(
      'Datos personales',
      'datos-personales',
      html`<p>Sus datos personales se eliminaron el ${dateTime(privacy.anonymisedAt)}; quedan las cifras del negocio.</p>`,
    );
  return section(
    'Datos personales',
    'datos-personales',
    html`${consent}
<form method="post" action="${ADMIN_PATHS.contacts}/${view.leadId}/contact">
${csrfInput(context.csrf)}<input type="hidden" name="version" value="${view.version}">
${errorSummary(errors)}
${inputField({ name: 'name', id: 'rectificar-nombre', label: 'Nombre', required: true, maxLength: 200, value: value('name'), errors, autocomplete: 'off' })}
${inputField({ name: 'email', id: 'rectificar-correo', label: 'Correo electrónico', type: 'email', required: true, maxLength: 254, value: value('email'), errors, autocomplete: 'off' })}
${inputField({ name: 'company', id: 'rectificar-empresa', label: 'Empresa', maxLength: 200, value: value('company'), errors, autocomplete: 'off' })}
${inputField({ name: 'phone', id: 'rectificar-telefono', label: 'Teléfono', type: 'tel', maxLength: 20, value: value('phone'), errors, autocomplete: 'off', inputMode: 'tel' })}
<div class="field"><label class="check"><input type="checkbox" name="arco" value="1"${view.form?.values.arco === '1' ? html` checked` : html``}> La persona lo pidió (queda como solicitud ARCO de rectificación)</label></div>
<div class="actions"><button class="btn btn-outline" type="submit">Corregir sus datos</button></div>
</form>
<p class="hint">El historial dice qué se corrigió, nunca los valores anteriores.</p>`,
  );
}
