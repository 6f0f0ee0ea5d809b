/**
 * A stored enquiry as the e-mail templates see it, and the Spanish names and values of its fields.
 * No I/O: the wiki imports this at build time.
 */
import {
  budgets,
  cloudBudgets,
  cloudInfrastructures,
  cloudSystemTypes,
  cloudTimelines,
  cloudUserCounts,
  consultancyServiceTypes,
  emergency,
  integrationBudgets,
  integrationTimelines,
  integrationTypes,
  optionLabel,
  proyects,
  timelines,
  type BudgetOption,
  type EmergencyOption,
  type LabelledOption,
  type ProjectOption,
  type TimelineOption,
} from '../../src/lib/forms/options.ts';
import { FORM_TYPES, type FormType } from '../../src/lib/forms/schemas.ts';

export interface EmailLead {
  id: number;
  formType: FormType;
  /** The parsed submission (field name → value); absent fields are missing or undefined. */
  fields: Readonly<Record<string, string | undefined>>;
  /** Path of the page the form was sent from, or 'Desconocida'. */
  originPage: string;
  /** When the API stored it, ISO 8601 UTC. */
  receivedAt: string;
}

/** Spanish names of every form field, in the order the messages list them. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Nombre',
  email: 'Correo electrónico',
  company: 'Empresa',
  phone: 'Teléfono / WhatsApp',
  serviceType: 'Servicio solicitado',
  projectType: 'Tipo de proyecto',
  budget: 'Presupuesto',
  timeline: 'Tiempo estimado',
  urgency: 'Nivel de urgencia',
  currentInfrastructure: 'Infraestructura actual',
  systemType: 'Tipo de sistema',
  userCount: 'Número de usuarios',
  integrationType: 'Tipo de integración',
  currentSystems: 'Sistemas actuales',
  message: 'Mensaje',
  description: 'Descripción del proyecto',
  currentSituation: 'Situación actual',
  challenges: 'Retos actuales',
  goals: 'Objetivos',
  businessGoals: 'Objetivos de negocio',
  migrationGoals: 'Objetivos de la migración',
  appointmentDate: 'Reunión solicitada',
};

/** Fields whose value is free text typed in a textarea (shown as a block, line breaks kept). */
export const LONG_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'message',
  'description',
  'currentSituation',
  'challenges',
  'goals',
  'businessGoals',
  'migrationGoals',
  'currentSystems',
]);

type OptionList = readonly (ProjectOption | BudgetOption | TimelineOption | EmergencyOption | LabelledOption)[];

/** Which option list a select field of this lead uses (budgets differ between forms). */
export function optionListFor(lead: Pick<EmailLead, 'formType' | 'fields'>, field: string): OptionList | undefined {
  const serviceType = lead.fields.serviceType;
  const isIntegrations = serviceType === 'integrations';
  switch (field) {
    case 'projectType':
      return proyects;
    case 'urgency':
      return emergency;
    case 'budget':
      if (lead.formType !== FORM_TYPES.consultancy) return budgets;
      return isIntegrations ? integrationBudgets : cloudBudgets;
    case 'timeline':
      if (lead.formType !== FORM_TYPES.consultancy) return timelines;
      return isIntegrations ? integrationTimelines : cloudTimelines;
    case 'serviceType':
      return consultancyServiceTypes;
    case 'currentInfrastructure':
      return cloudInfrastructures;
    case 'systemType':
      return cloudSystemTypes;
    case 'userCount':
      return cloudUserCounts;
    case 'integrationType':
      return integrationTypes;
    default:
      return undefined;
  }
}

/** The value of a field as a person reads it: option labels instead of ids; `undefined` when absent. */
export function fieldText(lead: Pick<EmailLead, 'formType' | 'fields'>, field: string): string | undefined {
  const value = lead.fields[field];
  if (value === undefined || value === '') return undefined;
  const list = optionListFor(lead, field);
  return list ? (optionLabel(list, value) ?? value) : value;
}

export interface FieldRow {
  field: string;
  label: string;
  value: string;
  long: boolean;
}

/** Every filled field of the lead, labelled, in `FIELD_LABELS` order (the meeting is shown apart). */
export function fieldRows(lead: Pick<EmailLead, 'formType' | 'fields'>): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    if (field === 'appointmentDate') continue;
    const value = fieldText(lead, field);
    if (value !== undefined) rows.push({ field, label, value, long: LONG_TEXT_FIELDS.has(field) });
  }
  return rows;
}

export function referenceOf(id: number): string {
  return `CONT-${id}`;
}
