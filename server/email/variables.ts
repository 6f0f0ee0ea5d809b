/**
 * The template variables of the specification (§3 "Email template data"): their documentation as data
 * (the wiki renders its tables from it) and their values for a lead. Pure functions, no I/O.
 */
import { formatAppointmentShort, formatShortDateTime, todayInMexicoCity } from '../../src/lib/datetime.ts';
import { FORM_TYPES, type FormType } from '../../src/lib/forms/schemas.ts';
import { analyzeLead, LEAD_SCORE_DEFAULT } from './analysis.ts';
import { googleCalendarLink, meetingTimes, type Meeting } from './calendar.ts';
import { consultantFor } from './consultants.ts';
import { fieldText, referenceOf, type EmailLead } from './lead.ts';
import type { EmailSettings } from './settings.ts';

/** The specification's fallback texts. */
export const EMAIL_DEFAULTS = {
  notSpecified: 'No especificada',
  notAvailable: 'No disponible',
  unknown: 'Desconocida',
} as const;

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
  google_meet_link: 'Enlace de videollamada; se envía antes de la reunión, por eso el correo dice No disponible',
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

/** Which client variables each form type fills. */
export const CLIENT_VARIABLES_BY_FORM: Readonly<Record<FormType, readonly ClientVariableName[]>> = {
  [FORM_TYPES.small]: ['nombre_cliente', 'email_cliente', 'empresa_cliente', 'mensaje_cliente', 'fecha_reunion'],
  [FORM_TYPES.big]: [
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
  [FORM_TYPES.project]: [
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
  [FORM_TYPES.consultancy]: [
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

const docs = (descriptions: Record<string, string>, names: readonly string[] = Object.keys(descriptions)): VariableDoc[] =>
  names.map((name) => ({ name, description: descriptions[name] ?? '' }));

/** Everything the wiki's variable tables need. */
export const EMAIL_VARIABLES = {
  formTypes: [
    { formType: FORM_TYPES.small, label: 'Contacto rápido (inicio)', route: 'contactSmall' },
    { formType: FORM_TYPES.big, label: 'Contacto completo (/contacto)', route: 'contactBig' },
    { formType: FORM_TYPES.project, label: 'Iniciar proyecto (/iniciar-proyecto)', route: 'contactProyect' },
    { formType: FORM_TYPES.consultancy, label: 'Consultoría, migración cloud e integraciones', route: 'contactConsultancy' },
  ],
  client: {
    [FORM_TYPES.small]: docs(CLIENT_VARIABLE_DESCRIPTIONS, CLIENT_VARIABLES_BY_FORM[FORM_TYPES.small]),
    [FORM_TYPES.big]: docs(CLIENT_VARIABLE_DESCRIPTIONS, CLIENT_VARIABLES_BY_FORM[FORM_TYPES.big]),
    [FORM_TYPES.project]: docs(CLIENT_VARIABLE_DESCRIPTIONS, CLIENT_VARIABLES_BY_FORM[FORM_TYPES.project]),
    [FORM_TYPES.consultancy]: docs(CLIENT_VARIABLE_DESCRIPTIONS, CLIENT_VARIABLES_BY_FORM[FORM_TYPES.consultancy]),
  },
  calendar: docs(CALENDAR_VARIABLE_DESCRIPTIONS),
  internal: docs(INTERNAL_VARIABLE_DESCRIPTIONS),
  defaults: EMAIL_DEFAULTS,
} as const;

export type ClientVariables = Record<ClientVariableName, string>;
export type CalendarVariables = Record<CalendarVariableName, string>;
export type InternalVariables = Record<InternalVariableName, string>;

const first = (lead: EmailLead, fields: readonly string[]): string | undefined => {
  for (const field of fields) {
    const value = fieldText(lead, field);
    if (value !== undefined) return value;
  }
  return undefined;
};

export function clientVariables(lead: EmailLead): ClientVariables {
  const or = (value: string | undefined) => value ?? EMAIL_DEFAULTS.notSpecified;
  const isConsultancy = lead.formType === FORM_TYPES.consultancy;
  const slot = lead.fields.appointmentDate;
  return {
    nombre_cliente: or(lead.fields.name),
    email_cliente: or(lead.fields.email),
    empresa_cliente: or(lead.fields.company),
    telefono_cliente: or(lead.fields.phone),
    mensaje_cliente: or(first(lead, ['message', 'description', 'challenges'])),
    fecha_reunion: slot ? formatAppointmentShort(slot) : EMAIL_DEFAULTS.notSpecified,
    tipo_proyecto: or(first(lead, ['projectType', 'systemType', 'integrationType'])),
    presupuesto: or(fieldText(lead, 'budget')),
    timeline: or(fieldText(lead, 'timeline')),
    nivel_urgencia: or(fieldText(lead, 'urgency')),
    situacion_actual: or(first(lead, ['currentSituation', 'currentInfrastructure', 'currentSystems'])),
    vision_proyecto: or(fieldText(lead, 'description')),
    tipo_consultoria: isConsultancy ? or(fieldText(lead, 'serviceType')) : EMAIL_DEFAULTS.notSpecified,
    objetivos: or(first(lead, ['goals', 'businessGoals', 'migrationGoals'])),
  };
}

/** The meeting of a lead, or `undefined` when none was booked. */
export function meetingOf(lead: EmailLead, settings: EmailSettings): Meeting | undefined {
  const slot = lead.fields.appointmentDate;
  if (!slot) return undefined;
  const { start, end } = meetingTimes(slot);
  const consultant = consultantFor(lead);
  const who = lead.fields.company ? `${lead.fields.name} (${lead.fields.company})` : (lead.fields.name ?? '');
  return {
    slot,
    start,
    end,
    title: `Reunión ${settings.brandName} - ${who}`,
    description: [
      `Reunión de 60 minutos con ${consultant.name}, ${consultant.role} de ${settings.brandName}.`,
      `Referencia: ${referenceOf(lead.id)}.`,
      'Te enviaremos el enlace de la videollamada antes de la reunión.',
      `Dudas: ${settings.contact.email} o ${settings.contact.phone}.`,
    ].join('\n'),
    location: 'Videollamada (enlace por correo antes de la reunión)',
  };
}

export function calendarVariables(lead: EmailLead, settings: EmailSettings): CalendarVariables {
  const meeting = meetingOf(lead, settings);
  const consultant = consultantFor(lead);
  return {
    google_calendar_link: meeting ? googleCalendarLink(meeting) : EMAIL_DEFAULTS.notAvailable,
    google_meet_link: EMAIL_DEFAULTS.notAvailable,
    nombre_consultor: consultant.name,
    puesto_consultor: consultant.role,
  };
}

export function formatMoney(amount: number, currency: 'MXN' | 'USD'): string {
  const formatted = new Intl.NumberFormat('es-MX', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  // es-MX writes MXN as a bare "$": say which pesos or dollars an amount is in.
  return currency === 'MXN' ? `${formatted} MXN` : formatted;
}

export function internalVariables(lead: EmailLead, settings: EmailSettings): InternalVariables {
  const analysis = analyzeLead(lead);
  const received = new Date(lead.receivedAt);
  const consultant = consultantFor(lead);
  const valid = !Number.isNaN(received.getTime());
  // The file is named after the month in Mexico City, where the sales team works.
  const yearMonth = valid ? todayInMexicoCity(received).slice(0, 7) : 'sin-fecha';
  return {
    lead_score: String(analysis.score),
    asignado_a: settings.assignee,
    consultor_recomendado: `${consultant.name} (${consultant.role})`,
    prioridad: analysis.priority,
    estimacion_ingresos: analysis.revenue
      ? formatMoney(analysis.revenue.amount, analysis.revenue.currency)
      : EMAIL_DEFAULTS.notAvailable,
    lead_id: String(lead.id),
    referencia_id: referenceOf(lead.id),
    folder_id: `${yearMonth}/${referenceOf(lead.id)}`,
    pagina_origen: lead.originPage || EMAIL_DEFAULTS.unknown,
    fecha_contacto: valid ? formatShortDateTime(received) : EMAIL_DEFAULTS.notAvailable,
  };
}
