/**
 * The template variables the e-mails are written with (client, calendar and internal-team variables):
 * their documentation as data (the wiki renders its tables from it), and `emailVariables`, their values
 * for a lead's view. Pure functions, no I/O.
 */
import { formatAppointmentShort, formatShortDateTime } from '../../core/dates.ts';
import { formatMoney } from '../../core/format.ts';
import { LEAD_KIND_IDS, LEAD_KINDS, type FormType, type LeadKind } from '../../core/forms/kinds.ts';
import { LEAD_SCORE_DEFAULT } from '../lead/analysis.ts';
import { googleCalendarLink } from '../lead/calendar.ts';
import { consultantLabel } from '../lead/consultants.ts';
import { fieldText } from '../lead/fields.ts';
import { LEAD_FALLBACKS } from '../lead/model.ts';
import type { LeadSettings, LeadView } from '../lead/view.ts';

export const CLIENT_VARIABLE_DESCRIPTIONS = {
  nombre_cliente: 'Nombre de quien escribe',
  email_cliente: 'Correo electrónico de contacto',
  empresa_cliente: 'Empresa (No especificada si la dejó vacía)',
  telefono_cliente: 'Teléfono o WhatsApp, normalizado a +52 y 10 dígitos',
  mensaje_cliente: 'Mensaje; en proyectos, la descripción; en consultoría, los retos actuales',
  fecha_reunion: 'Reunión reservada, dd/mm/yyyy HH:mm hora de la Ciudad de México',
  tipo_proyecto: 'Tipo de proyecto, de sistema o de integración (etiqueta de la opción)',
  presupuesto: 'Rango de presupuesto elegido',
  timeline: 'Plazo deseado',
  nivel_urgencia: 'Nivel de urgencia del proyecto',
  situacion_actual: 'Situación actual, infraestructura o sistemas que usa hoy',
  vision_proyecto: 'Descripción del proyecto que quiere construir',
  tipo_consultoria: 'Servicio de consultoría solicitado',
  objetivos: 'Objetivos que quiere lograr',
} as const;

export type ClientVariableName = keyof typeof CLIENT_VARIABLE_DESCRIPTIONS;

export const CALENDAR_VARIABLE_DESCRIPTIONS = {
  google_calendar_link: 'Enlace para agregar la reunión a Google Calendar (No disponible sin reunión)',
  google_meet_link: 'Enlace de la videollamada de la reunión (MEETING_URL_TEMPLATE; No disponible sin reunión)',
  nombre_consultor: 'Consultor que atenderá la reunión',
  puesto_consultor: 'Puesto del consultor',
} as const;

export type CalendarVariableName = keyof typeof CALENDAR_VARIABLE_DESCRIPTIONS;

export const INTERNAL_VARIABLE_DESCRIPTIONS = {
  lead_score: `Puntuación 0-100: parte de ${LEAD_SCORE_DEFAULT} y suma o resta según las reglas del análisis preliminar`,
  asignado_a: 'Equipo responsable del seguimiento (Equipo de Ventas por defecto)',
  consultor_recomendado: 'Consultor sugerido según el servicio o el tipo de proyecto',
  prioridad: 'Alta (85 o más), Media (65 o más) o Baja',
  estimacion_ingresos: 'Ingreso estimado según el presupuesto elegido o el precio del servicio',
  lead_id: 'Número interno del registro',
  referencia_id: 'Referencia que ve el cliente: CONT- más el número',
  folder_id: 'Expediente del lead: año-mes de recepción y referencia',
  pagina_origen: 'Ruta de la página desde la que se envió (Desconocida si el navegador no la indicó)',
  fecha_contacto: 'Fecha y hora de recepción, dd/mm/yyyy HH:mm hora de la Ciudad de México',
} as const;

export type InternalVariableName = keyof typeof INTERNAL_VARIABLE_DESCRIPTIONS;

/** Which client variables each kind of lead fills. */
export const CLIENT_VARIABLES_BY_KIND: Readonly<Record<LeadKind, readonly ClientVariableName[]>> = {
  small: ['nombre_cliente', 'email_cliente', 'empresa_cliente', 'mensaje_cliente', 'fecha_reunion'],
  big: [
    'nombre_cliente',
    'email_cliente',
    'empresa_cliente',
    'telefono_cliente',
    'tipo_proyecto',
    'presupuesto',
    'timeline',
    'mensaje_cliente',
    'fecha_reunion',
  ],
  project: [
    'nombre_cliente',
    'email_cliente',
    'empresa_cliente',
    'telefono_cliente',
    'tipo_proyecto',
    'presupuesto',
    'timeline',
    'nivel_urgencia',
    'situacion_actual',
    'vision_proyecto',
    'mensaje_cliente',
    'fecha_reunion',
  ],
  consultancy: [
    'nombre_cliente',
    'email_cliente',
    'empresa_cliente',
    'telefono_cliente',
    'tipo_consultoria',
    'tipo_proyecto',
    'presupuesto',
    'timeline',
    'situacion_actual',
    'objetivos',
    'mensaje_cliente',
  ],
};

export interface VariableDoc {
  name: string;
  description: string;
}

const docs = (
  descriptions: Record<string, string>,
  names: readonly string[] = Object.keys(descriptions),
): VariableDoc[] => names.map((name) => ({ name, description: descriptions[name] ?? '' }));

/** Where each kind of lead comes from, as the wiki's table names it. */
const KIND_SOURCES: Readonly<Record<LeadKind, string>> = {
  small: 'Contacto rápido (inicio)',
  big: 'Contacto completo (/contacto)',
  project: 'Iniciar proyecto (/iniciar-proyecto)',
  consultancy: 'Consultoría, migración cloud e integraciones',
};

/** Everything the wiki's variable tables need. */
export const EMAIL_VARIABLES = {
  formTypes: LEAD_KIND_IDS.map((kind) => ({
    formType: LEAD_KINDS[kind].formType,
    label: KIND_SOURCES[kind],
    route: LEAD_KINDS[kind].action,
  })),
  client: Object.fromEntries(
    LEAD_KIND_IDS.map((kind) => [
      LEAD_KINDS[kind].formType,
      docs(CLIENT_VARIABLE_DESCRIPTIONS, CLIENT_VARIABLES_BY_KIND[kind]),
    ]),
  ) as Readonly<Record<FormType, VariableDoc[]>>,
  calendar: docs(CALENDAR_VARIABLE_DESCRIPTIONS),
  internal: docs(INTERNAL_VARIABLE_DESCRIPTIONS),
  defaults: LEAD_FALLBACKS,
} as const;

export type ClientVariables = Record<ClientVariableName, string>;
export type CalendarVariables = Record<CalendarVariableName, string>;
export type InternalVariables = Record<InternalVariableName, string>;

export interface EmailVariables {
  client: ClientVariables;
  calendar: CalendarVariables;
  internal: InternalVariables;
}

/** The variables of a lead's view: what the e-mails (and the wiki's tables) fill in. */
export function emailVariables(view: LeadView, settings: Pick<LeadSettings, 'lists' | 'assignee'>): EmailVariables {
  const { lead, meeting, consultant, analysis, reference } = view;
  const text = (field: string) => fieldText(lead, field, settings.lists);
  const first = (fields: readonly string[]) => fields.map(text).find((value) => value !== undefined);
  const or = (value: string | undefined) => value ?? LEAD_FALLBACKS.notSpecified;
  const slot = lead.fields.appointmentDate;
  const received = new Date(lead.receivedAt);

  const client: ClientVariables = {
    nombre_cliente: or(lead.fields.name),
    email_cliente: or(lead.fields.email),
    empresa_cliente: or(lead.fields.company),
    telefono_cliente: or(lead.fields.phone),
    mensaje_cliente: or(first(['message', 'description', 'challenges'])),
    fecha_reunion: slot ? formatAppointmentShort(slot) : LEAD_FALLBACKS.notSpecified,
    tipo_proyecto: or(first(['projectType', 'systemType', 'integrationType'])),
    presupuesto: or(text('budget')),
    timeline: or(text('timeline')),
    nivel_urgencia: or(text('urgency')),
    situacion_actual: or(first(['currentSituation', 'currentInfrastructure', 'currentSystems'])),
    vision_proyecto: or(text('description')),
    tipo_consultoria: lead.kind === 'consultancy' ? or(text('serviceType')) : LEAD_FALLBACKS.notSpecified,
    objetivos: or(first(['goals', 'businessGoals', 'migrationGoals'])),
  };
  const calendar: CalendarVariables = {
    google_calendar_link: meeting ? googleCalendarLink(meeting) : LEAD_FALLBACKS.notAvailable,
    google_meet_link: meeting?.videoUrl ?? LEAD_FALLBACKS.notAvailable,
    nombre_consultor: consultant.name,
    puesto_consultor: consultant.role,
  };
  const internal: InternalVariables = {
    lead_score: String(analysis.score),
    asignado_a: settings.assignee,
    consultor_recomendado: consultantLabel(consultant),
    prioridad: analysis.priority,
    estimacion_ingresos: analysis.revenue
      ? formatMoney(analysis.revenue.amount, analysis.revenue.currency)
      : LEAD_FALLBACKS.notAvailable,
    lead_id: String(lead.id),
    referencia_id: reference,
    folder_id: view.folder,
    pagina_origen: lead.originPage || LEAD_FALLBACKS.unknown,
    fecha_contacto: Number.isNaN(received.getTime()) ? LEAD_FALLBACKS.notAvailable : formatShortDateTime(received),
  };
  return { client, calendar, internal };
}
