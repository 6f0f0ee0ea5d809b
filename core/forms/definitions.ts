/**
 * The six lead forms, declared once: which call each makes and which fields it shows in which order, with
 * which control and option list. One generic island (src/islands/forms/LeadForm.tsx) renders any of them and
 * validates with `formSchema` (schemas.ts). Whether a field is required, and which fields a consulting
 * service asks for, is read from the schema, never restated here.
 */
import { LEAD_FORMS, LEAD_KINDS, type LeadAction, type LeadFormId } from './kinds.ts';
import type { FormCopy, FormWordKey } from './copy.ts';
import { FIELD_LABELS, type FieldName } from './labels.ts';
import type { FormLists, ListKey } from './options.ts';

export type FieldControl = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'appointment';

export interface FieldDefinition {
  name: FieldName;
  control: FieldControl;
  /** The select's list (content/form-options.yaml, or the consulting services of content/offers.yaml). */
  options?: ListKey;
  /** Replaces the label of labels.ts on this form. */
  label?: string;
  /** The catalogue's word (`forms.<key>`) a visitor reads instead, in the page's language. */
  word?: FormWordKey;
  /** Replaces the hint of labels.ts on this form. */
  hint?: string;
  /** Spans both columns of the grid (textareas and the picker always do). */
  wide?: boolean;
}

export interface FormDefinition {
  id: LeadFormId;
  action: LeadAction;
  fields: readonly FieldDefinition[];
  /** Values sent with every submission and never shown (the dedicated consultancy forms' `serviceType`). */
  fixed?: Readonly<Record<string, string>>;
  submitLabel: string;
  /** The catalogue's word (`forms.<key>`) for the send button, in the page's language. */
  submitWord?: FormWordKey;
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
    action: LEAD_KINDS.small.action,
    fields: [
      { name: 'name', control: 'text' },
      { name: 'email', control: 'email' },
      { name: 'company', control: 'text', wide: true },
      { name: 'message', control: 'textarea' },
      appointment,
    ],
    submitLabel: 'Enviar mensaje',
    submitWord: 'sendMessage',
  },
  big: {
    id: 'big',
    action: LEAD_KINDS.big.action,
    fields: [
      ...contact(),
      { name: 'projectType', control: 'select', options: 'proyects', wide: true },
      { name: 'budget', control: 'select', options: 'budgets' },
      { name: 'timeline', control: 'select', options: 'timelines' },
      { name: 'message', control: 'textarea', label: 'Cuéntanos sobre tu proyecto', word: 'projectMessage' },
      appointment,
    ],
    submitLabel: 'Enviar mensaje',
    submitWord: 'sendMessage',
  },
  project: {
    id: 'project',
    action: LEAD_KINDS.project.action,
    fields: [
      ...contact({ label: 'WhatsApp', word: 'projectPhone' }),
      { name: 'projectType', control: 'select', options: 'proyects' },
      { name: 'urgency', control: 'select', options: 'emergency' },
      { name: 'budget', control: 'select', options: 'budgets' },
      { name: 'timeline', control: 'select', options: 'timelines' },
      { name: 'description', control: 'textarea' },
      { name: 'currentSituation', control: 'textarea' },
      appointment,
    ],
    submitLabel: 'Enviar Proyecto',
    submitWord: 'sendProject',
  },
  cloudMigration: {
    id: 'cloudMigration',
    action: LEAD_KINDS.consultancy.action,
    fixed: { serviceType: LEAD_FORMS.cloudMigration.serviceType },
    fields: [
      ...contact(),
      { name: 'currentInfrastructure', control: 'select', options: 'cloudInfrastructures' },
      { name: 'systemType', control: 'select', options: 'cloudSystemTypes' },
      { name: 'userCount', control: 'select', options: 'cloudUserCounts' },
      { name: 'budget', control: 'select', options: 'cloudBudgets', label: 'Presupuesto', word: 'budgetShort' },
      {
        name: 'timeline',
        control: 'select',
        options: 'cloudTimelines',
        label: '¿En cuánto tiempo quieres migrar?',
        word: 'migrationTimeline',
        wide: true,
      },
      {
        name: 'challenges',
        control: 'textarea',
        label: '¿Qué problemas tienes hoy con tu infraestructura?',
        word: 'migrationChallenges',
      },
      {
        name: 'goals',
        control: 'textarea',
        label: '¿Qué quieres lograr con la migración?',
        word: 'migrationOutcome',
      },
    ],
    submitLabel: 'Solicitar evaluación de migración',
    submitWord: 'requestMigration',
  },
  integrations: {
    id: 'integrations',
    action: LEAD_KINDS.consultancy.action,
    fixed: { serviceType: LEAD_FORMS.integrations.serviceType },
    fields: [
      ...contact(),
      { name: 'integrationType', control: 'select', options: 'integrationTypes', wide: true },
      { name: 'timeline', control: 'select', options: 'integrationTimelines' },
      { name: 'budget', control: 'select', options: 'integrationBudgets', label: 'Presupuesto', word: 'budgetShort' },
      { name: 'currentSystems', control: 'textarea' },
      {
        name: 'businessGoals',
        control: 'textarea',
        label: '¿Qué quieres lograr con la integración?',
        word: 'integrationOutcome',
      },
      {
        name: 'challenges',
        control: 'textarea',
        label: '¿Qué te cuesta hoy trabajo o tiempo?',
        word: 'integrationChallenges',
      },
    ],
    submitLabel: 'Solicitar consultoría de integración',
    submitWord: 'requestIntegration',
  },
  consulting: {
    id: 'consulting',
    action: LEAD_KINDS.consultancy.action,
    fields: [
      { name: 'serviceType', control: 'select', options: 'consultingServices', wide: true },
      ...contact(),
      // Asked only by the services whose schema has them (infrastructure audit, migration strategy).
      { name: 'currentInfrastructure', control: 'select', options: 'cloudInfrastructures' },
      { name: 'systemType', control: 'select', options: 'cloudSystemTypes' },
      { name: 'userCount', control: 'select', options: 'cloudUserCounts' },
      { name: 'goals', control: 'textarea', label: '¿Qué esperas de la consultoría?' },
      {
        name: 'currentSituation',
        control: 'textarea',
        label: '¿Cómo está hoy tu sistema o tu infraestructura?',
        hint: 'Por ejemplo: un monolito en PHP en un VPS, tres servidores en la oficina, correo en hosting compartido.',
      },
      { name: 'challenges', control: 'textarea' },
      { name: 'migrationGoals', control: 'textarea' },
      appointment,
    ],
    submitLabel: 'Solicitar consultoría',
  },
};

/**
 * What the visitor reads above a field: the form's own label or the common one, followed by the currency
 * when every amount of its list is in one ("Presupuesto (USD)"). The currency is the list's, in
 * content/form-options.yaml, so the label cannot say dollars while the options say pesos. With `copy`, the
 * words are the page language's catalogue's.
 */
export function fieldLabel(field: FieldDefinition, lists: Partial<FormLists>, copy?: FormCopy): string {
  const label = copy
    ? field.word
      ? copy.words[field.word]
      : (field.label ?? copy.labels[field.name])
    : (field.label ?? FIELD_LABELS[field.name]);
  const list = field.options ? lists[field.options] : undefined;
  const currencies = new Set(
    (list ?? []).flatMap((option) => ('currency' in option && option.currency ? [option.currency] : [])),
  );
  return currencies.size === 1 ? `${label} (${[...currencies][0]})` : label;
}

/** The send button's words: the page's own, else the catalogue's for this form, else the form's Spanish. */
export function submitText(definition: FormDefinition, copy: FormCopy, own?: string): string {
  if (own) return own;
  return definition.submitWord ? copy.words[definition.submitWord] : definition.submitLabel;
}

/** The lists a form's selects show, so a page hands its island only those. */
export function listKeysOf(form: LeadFormId): ListKey[] {
  return [...new Set(FORM_DEFINITIONS[form].fields.flatMap((field) => (field.options ? [field.options] : [])))];
}

/** The subset of `lists` a form needs. */
export function listsFor(form: LeadFormId, lists: FormLists): Partial<FormLists> {
  return Object.fromEntries(listKeysOf(form).map((key) => [key, lists[key]]));
}
