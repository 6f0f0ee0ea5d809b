/**
 * The six lead forms, declared once: which call each makes, which shared schema validates it and which
 * fields it shows in which order, with which control and option list. One generic island
 * (src/islands/forms/LeadForm.tsx) renders any of them. Whether a field is required, and which fields a
 * consulting service asks for, is read from the schema, never restated here.
 */
import type { LeadAction, SelectLists } from '../api/website.ts';
import type { FieldName } from './labels.ts';
import {
  cloudBudgets,
  cloudInfrastructures,
  cloudSystemTypes,
  cloudTimelines,
  cloudUserCounts,
  consultingOffers,
  integrationBudgets,
  integrationTimelines,
  integrationTypes,
  type BudgetOption,
  type EmergencyOption,
  type LabelledOption,
  type ProjectOption,
  type TimelineOption,
} from './options.ts';
import {
  bigContactSchema,
  cloudMigrationSchema,
  consultingSchema,
  integrationsSchema,
  projectContactSchema,
  smallContactSchema,
  type FormSchema,
} from './schemas.ts';

/** The forms pages place with `<FormSection form="…" />`. */
export const LEAD_FORM_IDS = ['small', 'big', 'project', 'cloudMigration', 'integrations', 'consulting'] as const;
export type LeadFormId = (typeof LEAD_FORM_IDS)[number];

export type FieldControl = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'appointment';
export type SelectOption = ProjectOption | BudgetOption | TimelineOption | EmergencyOption | LabelledOption;
/** A list the API serves (`contactFormSelects`), or a list shipped with the form. */
export type OptionSource = keyof SelectLists | readonly SelectOption[];

export interface FieldDefinition {
  name: FieldName;
  control: FieldControl;
  options?: OptionSource;
  /** Replaces the label of labels.ts on this form. */
  label?: string;
  /** Replaces the hint of labels.ts on this form. */
  hint?: string;
  /** Spans both columns of the grid (textareas and the picker always do). */
  wide?: boolean;
}

export interface FormDefinition {
  id: LeadFormId;
  action: LeadAction;
  /** The shared schema the API applies to this call's body. */
  schema: FormSchema;
  fields: readonly FieldDefinition[];
  /** Values sent with every submission and never shown (the consultancy forms' `serviceType`). */
  fixed?: Readonly<Record<string, string>>;
  submitLabel: string;
}

const contact = (phone?: Partial<FieldDefinition>): FieldDefinition[] => [
  { name: 'name', control: 'text' },
  { name: 'email', control: 'email' },
  { name: 'company', control: 'text' },
  { name: 'phone', control: 'tel', ...phone },
];
const appointment: FieldDefinition = { name: 'appointmentDate', control: 'appointment', wide: true };

export const FORM_DEFINITIONS: Readonly<Record<LeadFormId, FormDefinition>> = {
  small: {
    id: 'small',
    action: 'contactSmall',
    schema: smallContactSchema,
    fields: [
      { name: 'name', control: 'text' },
      { name: 'email', control: 'email' },
      { name: 'company', control: 'text', wide: true },
      { name: 'message', control: 'textarea' },
      appointment,
    ],
    submitLabel: 'Enviar mensaje',
  },
  big: {
    id: 'big',
    action: 'contactBig',
    schema: bigContactSchema,
    fields: [
      ...contact(),
      { name: 'projectType', control: 'select', options: 'proyects', wide: true },
      { name: 'budget', control: 'select', options: 'budgets' },
      { name: 'timeline', control: 'select', options: 'timelines' },
      { name: 'message', control: 'textarea', label: 'Cuéntanos sobre tu proyecto' },
      appointment,
    ],
    submitLabel: 'Enviar mensaje',
  },
  project: {
    id: 'project',
    action: 'contactProyect',
    schema: projectContactSchema,
    fields: [
      ...contact({ label: 'WhatsApp' }),
      { name: 'projectType', control: 'select', options: 'proyects' },
      { name: 'urgency', control: 'select', options: 'emergency' },
      { name: 'budget', control: 'select', options: 'budgets' },
      { name: 'timeline', control: 'select', options: 'timelines' },
      { name: 'description', control: 'textarea' },
      { name: 'currentSituation', control: 'textarea' },
      appointment,
    ],
    submitLabel: 'Enviar Proyecto',
  },
  cloudMigration: {
    id: 'cloudMigration',
    action: 'contactConsultancy',
    schema: cloudMigrationSchema,
    fixed: { serviceType: 'cloud-migration' },
    fields: [
      ...contact(),
      { name: 'currentInfrastructure', control: 'select', options: cloudInfrastructures },
      { name: 'systemType', control: 'select', options: cloudSystemTypes },
      { name: 'userCount', control: 'select', options: cloudUserCounts },
      { name: 'budget', control: 'select', options: cloudBudgets, label: 'Presupuesto (USD)' },
      { name: 'timeline', control: 'select', options: cloudTimelines, label: '¿En cuánto tiempo quieres migrar?', wide: true },
      { name: 'challenges', control: 'textarea', label: '¿Qué problemas tienes hoy con tu infraestructura?' },
      { name: 'goals', control: 'textarea', label: '¿Qué quieres lograr con la migración?' },
    ],
    submitLabel: 'Solicitar evaluación de migración',
  },
  integrations: {
    id: 'integrations',
    action: 'contactConsultancy',
    schema: integrationsSchema,
    fixed: { serviceType: 'integrations' },
    fields: [
      ...contact(),
      { name: 'integrationType', control: 'select', options: integrationTypes, wide: true },
      { name: 'timeline', control: 'select', options: integrationTimelines },
      { name: 'budget', control: 'select', options: integrationBudgets, label: 'Presupuesto (USD)' },
      { name: 'currentSystems', control: 'textarea' },
      { name: 'businessGoals', control: 'textarea', label: '¿Qué quieres lograr con la integración?' },
      { name: 'challenges', control: 'textarea', label: '¿Qué te cuesta hoy trabajo o tiempo?' },
    ],
    submitLabel: 'Solicitar consultoría de integración',
  },
  consulting: {
    id: 'consulting',
    action: 'contactConsultancy',
    schema: consultingSchema,
    fields: [
      { name: 'serviceType', control: 'select', options: consultingOffers, wide: true },
      ...contact(),
      // Asked only by the services whose schema has them (infrastructure audit, migration strategy).
      { name: 'currentInfrastructure', control: 'select', options: cloudInfrastructures },
      { name: 'systemType', control: 'select', options: cloudSystemTypes },
      { name: 'userCount', control: 'select', options: cloudUserCounts },
      { name: 'goals', control: 'textarea', label: '¿Qué esperas de la consultoría?' },
      {
        name: 'currentSituation',
        control: 'textarea',
        label: '¿Cómo está hoy tu sistema o tu infraestructura?',
        hint: 'Por ejemplo: un monolito en PHP en un VPS, tres servidores en la oficina, correo en hosting compartido.',
      },
      { name: 'challenges', control: 'textarea' },
      { name: 'migrationGoals', control: 'textarea' },
    ],
    submitLabel: 'Solicitar consultoría',
  },
};
