/**
 * The personal-data registry: every table, column and file that holds a person's data, how its rows belong
 * to a person, and what erasing them means. `find`, `export`, `cancel` and the retention job read this list
 * and nothing else, so a new table is one entry here. `registry.test.ts` migrates a fresh database and fails
 * when a text column is neither listed as personal nor marked as not personal, with the reason.
 */
import { appointmentToUtc } from '../../core/dates.ts';
import { FORM_DEFINITIONS } from '../../core/forms/definitions.ts';
import { kindOfFormType } from '../../core/forms/kinds.ts';
import { STATUS_LABELS } from '../lead/status.ts';
import type { Row, SqlValue } from '../db/storage.ts';
import { leadForm } from '../lead/fields.ts';
import { REDACTED, type Identifiers } from './identity.ts';

/** What every erasure knows: the clock and the person it erases. */
export interface EraseContext {
  now: Date;
  identifiers: Identifiers;
  /** Why, said on rows that stop (an e-mail that will not go out). */
  why: 'cancelacion' | 'retencion';
}

/** How a row belongs to a person. */
export type Link =
  /**
   * A column holding one of their leads' ids (`id` on `leads` itself). `namedIn` also links the rows whose
   * `id` another table lists beside one of their leads (the daily digests that name them: `lead_id` NULL).
   */
  | { kind: 'lead'; column: string; namedIn?: { table: string; idColumn: string; leadColumn: string } }
  /** A column holding their e-mail (compared lower-cased); `where` narrows the rows that can. */
  | { kind: 'email'; column: string; where?: string }
  /** A column holding the address hash their leads were sent from. */
  | { kind: 'client-hash'; column: string }
  /** A column holding the keyed hash of their e-mail (./identity.ts `emailHash`). */
  | { kind: 'email-hash'; column: string }
  /** A column holding the id of their inbox account (when the person is on the team). */
  | { kind: 'account'; column: string }
  /** A column naming one of their leads or requests as `lead:12`, `request:3`. */
  | { kind: 'target'; column: string }
  /** A column holding the id of a `parent` row whose `leadColumn` is one of their leads (a meeting's links). */
  | { kind: 'lead-through'; column: string; parent: string; leadColumn: string };

/** A column's value once the row is anonymised: a fixed value, or computed from the row. */
export type Eraser = { to: SqlValue } | 'keep' | ((value: unknown, row: Row, context: EraseContext) => SqlValue);

export interface PersonalColumn {
  /** What it holds, in Spanish (the operator reads it in `find`). */
  holds: string;
  /** Whose data: the person who wrote to us (default) or someone on the team (kept when a lead is erased). */
  of?: 'titular' | 'equipo';
  erase: Eraser;
  /** Why an exported table does not hand this column over as it is (it is a copy or a hash of what is). */
  unexported?: string;
  /**
   * Free text the team or an operator writes, which may quote anyone: when a person's data is cancelled,
   * every row's text is searched for their e-mail, phone and name, and each quote is replaced.
   */
  quotes?: boolean;
}

/** What a person is handed (acceso): a heading and the columns, by their labels. */
export interface ExportSpec {
  title: string;
  columns: Readonly<Record<string, string>>;
  /** Labels of a column's fixed values (`client` → "Confirmación que te enviamos"). */
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Texts drawn from the row beyond its columns (an e-mail's text), by their labels. */
  extra?: (row: Row) => Readonly<Record<string, string>>;
  /** The columns `extra` reads. */
  extraFrom?: readonly string[];
}

export interface RegistryTable {
  table: string;
  /** What it is, in Spanish. */
  title: string;
  link: Link;
  /** The columns that identify one row (updates and deletes go by them). */
  key: readonly string[];
  personal: Readonly<Record<string, PersonalColumn>>;
  /** Text columns that hold nothing personal, each with the reason. */
  notPersonal: Readonly<Record<string, string>>;
  /** What erasing the person does with a linked row: anonymise its personal columns, delete it, or keep it (why). */
  cancel: 'anonymise' | 'delete' | { keep: string };
  /** A linked row deleted instead of anonymised (a future meeting: its slot is freed). */
  deleteIf?: (row: Row, context: EraseContext) => boolean;
  /** Other columns set when a linked row is anonymised (an e-mail still queued stops). */
  alsoSet?: (row: Row, context: EraseContext) => Readonly<Record<string, SqlValue>>;
  /** Whether its files (`.eml` in OUTBOX_DIR) follow its rows: found, handed over and deleted with them. */
  files?: 'outbox';
  /** What the person is handed; `'leads'` is the lead itself, laid out by its form (./export.ts). */
  export?: ExportSpec | 'leads';
}

/** A lead's name once anonymised: shown in the inbox and the CSV instead of a blank. */
export const ANONYMOUS_NAME = 'Datos eliminados';

/** An erased e-mail body: still valid JSON (the column's CHECK), and never sent (it is not a message). */
export const ERASED_BODY = '{"borrado":true}';

/** Why a queued e-mail did not go out, by the reason it stopped. */
export const STOPPED_MAIL: Readonly<Record<EraseContext['why'] | 'objection', string>> = {
  cancelacion: 'No se envió: la persona pidió la cancelación de sus datos.',
  retencion: 'No se envió: sus datos se anonimizaron al vencer el plazo de conservación.',
  objection: 'No se envió: la persona se opuso o revocó su consentimiento.',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The kinds of ARCO request (and revocation), as the register and the export name them. */
export const REQUEST_KIND_LABELS = {
  acceso: 'Acceso',
  rectificacion: 'Rectificación',
  cancelacion: 'Cancelación',
  oposicion: 'Oposición',
  revocacion: 'Revocación del consentimiento',
} as const;

/** What a person is told of a digest that named them: its text is about other clients too. */
export const DIGEST_TEXT_WITHHELD =
  'Resumen diario interno para el equipo de ventas: menciona tu solicitud junto con las de otros clientes, por eso no se reproduce su texto.';

/** The plain-text version of a stored e-mail, or what became of it. */
function messageText(message: unknown): string {
  if (message === ERASED_BODY) return 'Borrado (plazo de conservación o cancelación).';
  try {
    const parsed: unknown = JSON.parse(text(message));
    if (typeof parsed === 'object' && parsed !== null && 'text' in parsed && typeof parsed.text === 'string')
      return parsed.text;
  } catch {
    // Not a message: said below.
  }
  return 'No disponible.';
}

/** Whether a slot (`YYYY-MM-DDTHH:mm`, Mexico City) starts after `now`. */
export function isFutureSlot(slot: unknown, now: Date): boolean {
  if (typeof slot !== 'string' || slot === '') return false;
  try {
    return appointmentToUtc(slot).getTime() > now.getTime();
  } catch {
    return false;
  }
}

/**
 * A lead's fields once anonymised: only what was chosen from the site's own lists (project type, budget,
 * timeline, service…), which the dashboard and the CSV count; every typed value goes. A past meeting's
 * date stays with its booking; a future one is cancelled.
 */
function keepChoices(value: unknown, row: Row, context: EraseContext): string {
  let fields: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text(value));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      fields = parsed as Record<string, unknown>;
  } catch {
    return '{}';
  }
  const kind = kindOfFormType(Number(row.form_type));
  const strings = Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const chosen = new Set<string>(['serviceType']);
  if (kind) {
    for (const field of FORM_DEFINITIONS[leadForm({ kind, fields: strings })].fields)
      if (field.control === 'select') chosen.add(field.name);
  }
  const kept: Record<string, string> = {};
  for (const [name, fieldValue] of Object.entries(strings)) if (chosen.has(name)) kept[name] = fieldValue;
  const slot = strings.appointmentDate;
  if (slot && !isFutureSlot(slot, context.now)) kept.appointmentDate = slot;
  return JSON.stringify(kept);
}

const TEAM_ACCOUNTS =
  'Las cuentas del equipo se gestionan con npm run admin:user (--disable): su historial en los leads se conserva.';

export const REGISTRY: readonly RegistryTable[] = [
  {
    table: 'leads',
    title: 'Solicitudes enviadas por los formularios',
    link: { kind: 'lead', column: 'id' },
    key: ['id'],
    personal: {
      name: { holds: 'nombre', erase: { to: ANONYMOUS_NAME } },
      email: { holds: 'correo electrónico', erase: { to: '' } },
      company: { holds: 'empresa', erase: { to: null } },
      phone: { holds: 'teléfono', erase: { to: null } },
      fields: { holds: 'todo lo que escribió en el formulario (JSON)', erase: keepChoices },
      search_text: {
        holds: 'texto de búsqueda: nombre, correo, empresa, teléfono y lo que escribió, sin acentos',
        erase: { to: '' },
      },
      attribution: {
        holds: 'de dónde llegó su visita: página de entrada, sitio que la refirió y campaña (JSON)',
        erase: { to: null },
      },
      client_hash: { holds: 'seudónimo cifrado de la dirección IP', erase: { to: '' } },
      appointment: {
        holds: 'fecha y hora de su reunión',
        erase: (value, _row, context) => (isFutureSlot(value, context.now) ? null : text(value) || null),
      },
    },
    notPersonal: {
      service_type: 'un servicio de la lista del sitio',
      origin_page: 'la ruta de la página del sitio (sin dominio ni consulta)',
      received_at: 'fecha y hora de recepción',
      language: 'el idioma del sitio desde el que se envió (es-MX, en), para contestarle en él',
      anonymised_at: 'fecha de la anonimización',
      work_status: 'copia del estado en la bandeja (lista fija), para ordenar y contar sin otra tabla',
      next_step_date: 'copia de la fecha del siguiente paso, para ordenar',
      activity_at: 'copia de la fecha de la última actividad, para ordenar',
      first_contact_at: 'copia de la fecha del primer contacto, para el panel',
      proposal_at: 'copia de la fecha de la propuesta, para el panel',
      won_at: 'copia de la fecha en que pasó a ganado, para el panel',
    },
    cancel: 'anonymise',
    alsoSet: (_row, context) => ({ anonymised_at: context.now.toISOString() }),
    export: 'leads',
  },
  {
    table: 'bookings',
    title: 'Reuniones agendadas',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['id'],
    personal: {
      email: {
        holds: 'correo electrónico (cupo diario de reuniones)',
        erase: { to: null },
        unexported: 'el mismo correo de la solicitud',
      },
      client_hash: {
        holds: 'seudónimo cifrado de la dirección IP',
        erase: { to: null },
        unexported: 'el seudónimo que explican las notas del documento',
      },
    },
    notPersonal: {
      slot: 'horario reservado',
      slot_date: 'fecha del horario',
      starts_at: 'inicio del horario en UTC',
      created_at: 'fecha de la reserva',
    },
    cancel: 'anonymise',
    // A meeting still to come is cancelled: its slot is offered again.
    deleteIf: (row, context) => isFutureSlot(row.slot, context.now),
    export: { title: 'Reuniones agendadas', columns: { slot: 'Fecha y hora (Ciudad de México)' } },
  },
  {
    table: 'meetings',
    title: 'Reuniones (videollamada)',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['id'],
    personal: {
      video_url: { holds: 'enlace de la videollamada con la persona', erase: { to: '' } },
    },
    notPersonal: {
      uid: 'identificador de la invitación en los calendarios (referencia del lead y horario)',
      slot: 'horario de la reunión',
      starts_at: 'inicio en UTC',
      ends_at: 'fin en UTC',
      status: 'agendada, cancelada, realizada o no asistió',
      created_at: 'fecha de la reserva',
      updated_at: 'último cambio',
    },
    cancel: 'anonymise',
    // A meeting still to come is cancelled with its booking: no reminder or invite goes out for it again.
    alsoSet: (row, context): Readonly<Record<string, SqlValue>> =>
      row.status === 'scheduled' && isFutureSlot(row.slot, context.now) ? { status: 'cancelled' } : {},
    export: {
      title: 'Reuniones',
      columns: { slot: 'Fecha y hora (Ciudad de México)', status: 'Estado', video_url: 'Enlace de la videollamada' },
      values: {
        status: { scheduled: 'Agendada', cancelled: 'Cancelada', held: 'Realizada', missed: 'No asistió' },
      },
    },
  },
  {
    table: 'meeting_tokens',
    title: 'Enlaces para gestionar la reunión',
    link: { kind: 'lead-through', column: 'meeting_id', parent: 'meetings', leadColumn: 'lead_id' },
    key: ['token_hash'],
    personal: {
      token_hash: { holds: 'huella (SHA-256) del enlace que le enviamos para mover o cancelar', erase: 'keep' },
    },
    notPersonal: { created_at: 'fecha del enlace' },
    cancel: 'delete',
  },
  {
    table: 'meeting_events',
    title: 'Cambios de la reunión',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['id'],
    personal: {},
    notPersonal: {
      kind: 'movida, cancelada, realizada o no asistió',
      actor: 'quién la cambió: la persona o el equipo',
      at: 'fecha del cambio',
      from_slot: 'horario anterior',
      to_slot: 'horario nuevo',
    },
    cancel: { keep: 'Los cambios de una reunión guardan solo horarios y quién los hizo.' },
  },
  {
    table: 'meeting_reminders',
    title: 'Recordatorios de la reunión',
    link: { kind: 'lead-through', column: 'meeting_id', parent: 'meetings', leadColumn: 'lead_id' },
    key: ['id'],
    personal: {},
    notPersonal: {
      audience: 'a quién va: cliente o equipo',
      due_at: 'cuándo toca',
      status: 'pendiente, encolado u omitido',
      decided_at: 'cuándo se decidió',
    },
    cancel: { keep: 'Un recordatorio guarda solo su hora y el número del correo, que se borra con los demás.' },
  },
  {
    table: 'outbox',
    title: 'Correos de cada solicitud (confirmación y aviso interno) y resúmenes diarios que la nombran',
    // A digest is about no one lead (`lead_id` NULL) but names several: pipeline_digest_leads says which.
    link: {
      kind: 'lead',
      column: 'lead_id',
      namedIn: { table: 'pipeline_digest_leads', idColumn: 'outbox_id', leadColumn: 'lead_id' },
    },
    key: ['id'],
    personal: {
      recipient: {
        holds: 'destinatario (su correo en la confirmación; en un resumen diario, la cuenta del equipo)',
        erase: (value, _row, context) => (context.identifiers.emails.has(text(value).toLowerCase()) ? '' : text(value)),
      },
      message: { holds: 'el correo completo (HTML, texto, invitación)', erase: { to: ERASED_BODY } },
      last_error: { holds: 'último error del servidor de correo (puede citar la dirección)', erase: { to: null } },
      // Fixed for the automatic e-mails, but typed by the team for those sent from the inbox
      // ("Propuesta para Zorzal Único Textiles"), and then it may name the person or their company.
      subject: {
        holds: 'asunto: fijo en los correos automáticos, escrito por el equipo en los que manda desde la bandeja',
        erase: { to: REDACTED },
        quotes: true,
      },
    },
    notPersonal: {
      audience: 'a quién va: cliente o equipo',
      status: 'estado de la entrega',
      next_attempt_at: 'siguiente intento',
      created_at: 'fecha de encolado',
      sent_at: 'fecha de entrega',
      lease_owner: 'instancia que lo envía',
      lease_until: 'plazo de esa instancia',
      message_id: 'Message-ID aleatorio',
      body_erased_at: 'fecha en que se borró el cuerpo',
    },
    cancel: 'anonymise',
    alsoSet: (row, context) => ({
      body_erased_at: context.now.toISOString(),
      ...(row.status === 'pending'
        ? { status: 'failed', last_error: STOPPED_MAIL[context.why], lease_owner: null, lease_until: null }
        : {}),
    }),
    files: 'outbox',
    export: {
      title: 'Correos',
      columns: {
        audience: 'Tipo',
        subject: 'Asunto',
        recipient: 'Para',
        status: 'Estado',
        sent_at: 'Enviado',
        last_error: 'Respuesta del servidor de correo',
      },
      values: {
        audience: { client: 'Confirmación que te enviamos', internal: 'Aviso interno al equipo de ventas' },
        status: { pending: 'En cola', sent: 'Enviado', failed: 'No enviado' },
      },
      extra: (row) => ({
        'Texto del correo': row.lead_id === null ? DIGEST_TEXT_WITHHELD : messageText(row.message),
      }),
      extraFrom: ['message'],
    },
  },
  {
    table: 'rate_events',
    title: 'Envíos contados por el límite por dirección',
    link: { kind: 'client-hash', column: 'key' },
    key: ['scope', 'key', 'at_ms'],
    personal: { key: { holds: 'seudónimo cifrado de la dirección IP', erase: 'keep' } },
    notPersonal: { scope: 'qué límite cuenta el envío' },
    cancel: 'delete',
  },
  {
    table: 'inbox_lead_state',
    title: 'Seguimiento del lead en la bandeja',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['lead_id'],
    personal: {
      lost_detail: { holds: 'detalle escrito por el equipo al perderlo', erase: { to: null }, quotes: true },
    },
    notPersonal: {
      status: 'estado de la lista fija',
      lost_reason: 'motivo de la lista fija',
      first_contact_at: 'fecha del primer contacto',
      proposal_at: 'fecha de la propuesta',
      updated_at: 'fecha del último cambio',
    },
    cancel: 'anonymise',
    export: {
      title: 'Seguimiento',
      columns: { status: 'Estado', lost_detail: 'Detalle de por qué no siguió', updated_at: 'Último cambio' },
      values: { status: STATUS_LABELS },
    },
  },
  {
    table: 'inbox_lead_events',
    title: 'Historial y notas del lead',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['id'],
    personal: {
      body: { holds: 'notas y motivos escritos por el equipo', erase: { to: REDACTED }, quotes: true },
      from_value: { holds: 'estado anterior o nombre de una cuenta del equipo', of: 'equipo', erase: 'keep' },
      to_value: { holds: 'estado nuevo o nombre de una cuenta del equipo', of: 'equipo', erase: 'keep' },
    },
    notPersonal: { kind: 'tipo de cambio de la lista fija', at: 'fecha del cambio' },
    cancel: 'anonymise',
    export: {
      title: 'Historial y notas',
      columns: { at: 'Fecha', kind: 'Tipo', body: 'Texto' },
      values: { kind: { status: 'Cambio de estado', assignee: 'Cambio de responsable', note: 'Nota del equipo' } },
    },
  },
  {
    table: 'pipeline_deals',
    title: 'Trato y siguiente paso',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['lead_id'],
    personal: {
      next_step: { holds: 'siguiente paso escrito por el equipo', erase: { to: null }, quotes: true },
    },
    notPersonal: {
      close_date: 'fecha estimada de cierre',
      next_step_date: 'fecha del siguiente paso',
      activity_at: 'última actividad',
      updated_at: 'último cambio',
    },
    cancel: 'anonymise',
    export: {
      title: 'Trato',
      columns: { value_mxn: 'Valor (MXN)', close_date: 'Cierre estimado', next_step: 'Siguiente paso' },
    },
  },
  {
    table: 'pipeline_events',
    title: 'Correos que le escribió el equipo y cambios del trato',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['id'],
    personal: {
      summary: {
        holds: 'asunto del correo o resumen del cambio (puede nombrarla)',
        erase: { to: REDACTED },
        quotes: true,
      },
      body: { holds: 'texto del correo que le escribió el equipo', erase: { to: null }, quotes: true },
    },
    notPersonal: { kind: 'tipo de evento de la lista fija', at: 'fecha' },
    cancel: 'anonymise',
    export: { title: 'Correos del equipo', columns: { at: 'Fecha', summary: 'Asunto', body: 'Texto' } },
  },
  {
    table: 'inbox_replies',
    title: 'Respuestas que escribió por correo al equipo',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['id'],
    personal: {
      from_address: { holds: 'correo desde el que respondió', erase: { to: REDACTED } },
      subject: { holds: 'asunto de su respuesta', erase: { to: REDACTED }, quotes: true },
      body: { holds: 'texto de su respuesta', erase: { to: null }, quotes: true },
    },
    notPersonal: {
      // Kept after erasure on purpose: the same message read again from the mailbox is recognised, not stored anew.
      message_key: 'huella SHA-256 del Message-ID de la respuesta, no legible',
      matched_by: 'cómo se asoció al lead, de la lista fija',
      sent_at: 'fecha de la respuesta',
      captured_at: 'fecha en que se leyó del buzón',
    },
    cancel: 'anonymise',
    export: {
      title: 'Tus respuestas por correo',
      columns: { sent_at: 'Fecha', from_address: 'Desde', subject: 'Asunto', body: 'Texto' },
    },
  },
  {
    table: 'pipeline_merges',
    title: 'Solicitudes unidas',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['lead_id'],
    personal: {},
    notPersonal: { at: 'fecha de la unión' },
    cancel: { keep: 'Solo une números de lead.' },
  },
  {
    table: 'pipeline_digest_leads',
    title: 'Resúmenes diarios que la mencionaron',
    // After `outbox` on purpose: erasing reads these rows to reach the digests, then deletes them.
    link: { kind: 'lead', column: 'lead_id' },
    key: ['outbox_id', 'lead_id'],
    personal: {},
    notPersonal: {},
    cancel: 'delete',
  },
  {
    table: 'pipeline_pending_forms',
    title: 'Formularios del equipo guardados al vencer su sesión',
    link: { kind: 'account', column: 'user_id' },
    key: ['id'],
    personal: {
      form: {
        holds: 'lo que una cuenta del equipo envió (una nota puede citarla); dura 30 minutos',
        erase: { to: '{}' },
        quotes: true,
      },
      id: { holds: 'huella de la cookie del navegador', of: 'equipo', erase: 'keep' },
    },
    notPersonal: {
      path: 'la acción de la bandeja (lleva el número del lead)',
      created_at: 'fecha',
      expires_at: 'vencimiento',
    },
    cancel: { keep: TEAM_ACCOUNTS },
  },
  {
    table: 'privacy_refusals',
    title: 'Finalidades voluntarias rechazadas en el formulario',
    link: { kind: 'lead', column: 'lead_id' },
    key: ['lead_id', 'purpose'],
    personal: {},
    notPersonal: { purpose: 'id de una finalidad del aviso de privacidad' },
    cancel: 'anonymise',
    export: { title: 'Finalidades voluntarias que rechazaste', columns: { purpose: 'Finalidad' } },
  },
  {
    table: 'privacy_requests',
    title: 'Registro de solicitudes ARCO',
    link: { kind: 'email-hash', column: 'email_hash' },
    key: ['id'],
    personal: {
      email: {
        holds: 'correo electrónico del titular',
        erase: { to: null },
        unexported: 'el correo con el que pidió el documento',
      },
      email_mask: {
        holds: 'correo enmascarado (l***@f***.mx)',
        erase: 'keep',
        unexported: 'el mismo correo, enmascarado',
      },
      email_hash: { holds: 'hash con llave del correo', erase: 'keep', unexported: 'un hash del mismo correo' },
      detail: { holds: 'motivo o nota del operador', erase: 'keep', quotes: true },
    },
    notPersonal: {
      kind: 'tipo de solicitud',
      received_on: 'fecha de recepción',
      due_on: 'fecha límite de respuesta',
      answered_at: 'fecha de respuesta',
      answered_by_kind: 'cuenta o terminal',
      outcome: 'conteos de lo hecho (JSON sin datos personales)',
      created_at: 'fecha de registro',
    },
    // The register proves the request was answered in time: it stays, with the e-mail masked.
    cancel: 'anonymise',
    export: {
      title: 'Tus solicitudes de derechos ARCO',
      columns: {
        kind: 'Tipo',
        received_on: 'Recibida',
        due_on: 'Fecha límite',
        answered_at: 'Respondida',
        detail: 'Detalle',
      },
      values: { kind: REQUEST_KIND_LABELS },
    },
  },
  {
    table: 'privacy_objections',
    title: 'Lista de exclusión (oposición y revocación)',
    link: { kind: 'email-hash', column: 'email_hash' },
    key: ['id'],
    personal: {
      email_hash: { holds: 'hash con llave del correo', erase: 'keep', unexported: 'un hash del mismo correo' },
    },
    notPersonal: { kind: 'oposición o revocación', at: 'desde cuándo' },
    cancel: { keep: 'La lista de exclusión guarda solo un hash del correo, para no volver a escribirle.' },
    export: {
      title: 'Oposiciones y revocaciones registradas',
      columns: { kind: 'Tipo', at: 'Desde' },
      values: { kind: { oposicion: REQUEST_KIND_LABELS.oposicion, revocacion: REQUEST_KIND_LABELS.revocacion } },
    },
  },
  {
    table: 'audit_log',
    title: 'Bitácora de auditoría',
    link: { kind: 'target', column: 'target' },
    key: ['id'],
    personal: {
      address_hash: { holds: 'seudónimo de la dirección de quien actuó (equipo)', of: 'equipo', erase: 'keep' },
    },
    notPersonal: {
      at: 'fecha',
      actor_kind: 'cuenta, terminal o sistema',
      action: 'acción de la lista fija',
      target: 'lead, solicitud o cuenta por su número',
      detail: 'conteos y opciones (JSON sin datos personales)',
    },
    cancel: { keep: 'La bitácora nombra leads y solicitudes por número, nunca por sus datos.' },
  },
  {
    table: 'inbox_users',
    title: 'Cuentas del equipo de ventas',
    link: { kind: 'email', column: 'email' },
    key: ['id'],
    personal: {
      email: { holds: 'correo de la cuenta', of: 'equipo', erase: 'keep' },
      name: { holds: 'nombre de la cuenta', of: 'equipo', erase: 'keep' },
      password_hash: { holds: 'hash de la contraseña', of: 'equipo', erase: 'keep' },
      last_login_at: { holds: 'último acceso', of: 'equipo', erase: 'keep' },
    },
    notPersonal: {
      role: 'rol de la lista fija',
      created_at: 'fecha de alta',
      updated_at: 'fecha del último cambio',
      password_changed_at: 'fecha del cambio de contraseña',
    },
    cancel: { keep: TEAM_ACCOUNTS },
  },
  {
    table: 'inbox_sessions',
    title: 'Sesiones abiertas del equipo',
    link: { kind: 'account', column: 'user_id' },
    key: ['id'],
    personal: { id: { holds: 'huella del token de sesión', of: 'equipo', erase: 'keep' } },
    notPersonal: { created_at: 'inicio', last_seen_at: 'último uso', expires_at: 'vencimiento' },
    cancel: { keep: TEAM_ACCOUNTS },
  },
  {
    table: 'inbox_totp',
    title: 'Verificación en dos pasos del equipo',
    link: { kind: 'account', column: 'user_id' },
    key: ['user_id'],
    personal: { secret: { holds: 'clave de la app autenticadora, cifrada', of: 'equipo', erase: 'keep' } },
    notPersonal: { created_at: 'alta', confirmed_at: 'confirmación' },
    cancel: { keep: TEAM_ACCOUNTS },
  },
  {
    table: 'inbox_recovery_codes',
    title: 'Códigos de recuperación del equipo',
    link: { kind: 'account', column: 'user_id' },
    key: ['user_id', 'code_hash'],
    personal: { code_hash: { holds: 'huella de cada código de recuperación', of: 'equipo', erase: 'keep' } },
    notPersonal: { created_at: 'alta', used_at: 'uso' },
    cancel: { keep: TEAM_ACCOUNTS },
  },
  {
    table: 'inbox_sign_in_links',
    title: 'Enlaces de acceso de un solo uso del equipo',
    link: { kind: 'account', column: 'user_id' },
    key: ['id'],
    personal: {
      id: { holds: 'huella del enlace enviado por correo', of: 'equipo', erase: 'keep' },
      browser: { holds: 'huella de la cookie del navegador que lo pidió', of: 'equipo', erase: 'keep' },
      address: { holds: 'dirección IP cifrada que lo pidió', of: 'equipo', erase: 'keep' },
    },
    notPersonal: { created_at: 'solicitud', expires_at: 'vencimiento', used_at: 'uso' },
    cancel: { keep: TEAM_ACCOUNTS },
  },
  {
    table: 'inbox_login_failures',
    title: 'Intentos fallidos de inicio de sesión',
    link: { kind: 'email', column: 'key', where: "scope = 'account'" },
    key: ['scope', 'key'],
    personal: { key: { holds: 'correo tecleado, dirección cifrada o dispositivo', erase: 'keep' } },
    notPersonal: { scope: 'cuenta, dispositivo o dirección' },
    cancel: 'delete',
  },
];

/** Tables with nothing personal in them, and why. */
export const NOT_PERSONAL_TABLES: Readonly<Record<string, string>> = {
  storage_migrations: 'las versiones de las tablas',
  settings: 'secretos del servidor (sal de las direcciones, llave de la bandeja)',
  job_runs: 'qué tarea programada corrió y cuándo',
  privacy_pending_rewrites: 'qué tablas esperan que se reescriban sus archivos tras un borrado o una corrección',
  job_leases: 'qué instancia tiene el turno de cada tarea periódica',
  busy_feeds: 'las horas ocupadas de los calendarios del equipo, sin títulos ni asistentes',
  pipeline_digests: 'qué día se mandó el resumen a cada cuenta del equipo',
  inbox_calendar_feeds: 'versión y estado de la suscripción al calendario de cada cuenta del equipo',
  vitals_histogram: 'conteos por página, día y tipo de dispositivo de las mediciones de velocidad, sin visitante',
  page_views: 'conteos de visitas por página, día, fuente y campaña, sin visitante',
  lead_arrivals: 'conteos de leads por día y página de entrada o campaña, sin lead ni visitante',
  uptime_checks: 'resultado y demora de cada revisión de disponibilidad del sitio',
  monitoring_alerts: 'alertas del monitoreo: qué señal, qué nivel, cuándo abrió y cerró',
  api_responses: 'cuántas respuestas y cuántos errores 5xx dio la API por minuto',
  translation_edits: 'textos de la interfaz del sitio que el equipo cambió en la bandeja, con qué cuenta y cuándo',
  inbox_reply_cursors: 'hasta qué mensaje se leyó cada carpeta del buzón de ventas',
  inbox_summary_leads: 'conteos de leads por semana, formulario y estado para el panel, sin lead ni visitante',
  inbox_summary_origins: 'conteos de leads por semana y fuente, campaña o página de entrada; sin lead ni visitante',
  inbox_summary_waits: 'conteos de leads por semana y minutos hasta el primer contacto, sin lead ni visitante',
  // SQLite's search index (FTS5, contentless): trigrams of leads.search_text, never the text itself. Triggers
  // rewrite a lead's entry whenever the lead's text is corrected or erased, so it follows `leads`.
  leads_search: 'índice de búsqueda por trigramas de leads.search_text, sin el texto; se reescribe con el lead',
  leads_search_data: 'bloques del índice de búsqueda (trigramas), sin el texto',
  leads_search_idx: 'páginas del índice de búsqueda, sin el texto',
  leads_search_docsize: 'tamaño en trigramas de cada lead indexado',
  leads_search_config: 'configuración del índice de búsqueda',
};
