/**
 * One zod schema per form, shared by the React islands (client-side validation) and the lead API (the
 * authority). Field names are exactly the specification's (§3 "Forms"); required fields are its
 * validation table (§5); bounds and messages are PRODUCT.md item 4. Unknown keys are dropped.
 * zod/mini (see fields.ts): parse with `schema.safeParse(body)` as with classic zod.
 */
import { z } from 'zod/mini';
import {
  budgets,
  cloudBudgets,
  cloudInfrastructures,
  cloudSystemTypes,
  cloudTimelines,
  cloudUserCounts,
  emergency,
  integrationBudgets,
  integrationTimelines,
  integrationTypes,
  optionIds,
  proyects,
  timelines,
} from './options.ts';
import {
  MESSAGES,
  optionalAppointment,
  optionalOption,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredLongText,
  requiredOption,
  requiredPhone,
  requiredText,
} from './fields.ts';

export { MESSAGES, TEXT_MAX, LONG_TEXT_MAX } from './fields.ts';
export { MEXICAN_PHONE_PATTERN, normalizeMexicanPhone, isMexicanPhone } from './phone.ts';

/** `form_type` of the e-mail templates and of the stored leads (specification §3). */
export const FORM_TYPES = { small: 1, big: 2, project: 3, consultancy: 4 } as const;
export type FormKind = keyof typeof FORM_TYPES;
export type FormType = (typeof FORM_TYPES)[FormKind];

/**
 * Name of the hidden field humans never fill. Forms render it off-screen with `tabindex="-1"` and
 * `autocomplete="off"`; the API answers a filled one like a success and keeps nothing.
 */
export const HONEYPOT_FIELD = 'website';

export const smallContactSchema = z.object({
  name: requiredText(),
  email: requiredEmail(),
  company: optionalText(),
  message: requiredLongText(),
  appointmentDate: optionalAppointment(),
});

export const bigContactSchema = z.object({
  name: requiredText(),
  email: requiredEmail(),
  company: optionalText(),
  phone: optionalPhone(),
  projectType: requiredOption(optionIds(proyects)),
  budget: optionalOption(optionIds(budgets)),
  timeline: optionalOption(optionIds(timelines)),
  message: requiredLongText(),
  appointmentDate: optionalAppointment(),
});

export const projectContactSchema = z.object({
  name: requiredText(),
  email: requiredEmail(),
  company: requiredText(),
  /** Labelled WhatsApp on the page. */
  phone: requiredPhone(),
  projectType: requiredOption(optionIds(proyects)),
  budget: requiredOption(optionIds(budgets)),
  timeline: requiredOption(optionIds(timelines)),
  description: requiredLongText(),
  urgency: requiredOption(optionIds(emergency)),
  currentSituation: requiredLongText(),
  appointmentDate: optionalAppointment(),
});

export const cloudMigrationSchema = z.object({
  serviceType: z.literal('cloud-migration'),
  name: requiredText(),
  email: requiredEmail(),
  company: requiredText(),
  phone: optionalPhone(),
  currentInfrastructure: requiredOption(optionIds(cloudInfrastructures)),
  systemType: requiredOption(optionIds(cloudSystemTypes)),
  userCount: optionalOption(optionIds(cloudUserCounts)),
  budget: optionalOption(optionIds(cloudBudgets)),
  timeline: optionalOption(optionIds(cloudTimelines)),
  challenges: requiredLongText(),
  goals: requiredLongText(),
});

export const integrationsSchema = z.object({
  serviceType: z.literal('integrations'),
  name: requiredText(),
  email: requiredEmail(),
  company: requiredText(),
  phone: optionalPhone(),
  currentSystems: requiredLongText(),
  integrationType: requiredOption(optionIds(integrationTypes)),
  businessGoals: requiredLongText(),
  challenges: requiredLongText(),
  timeline: optionalOption(optionIds(integrationTimelines)),
  budget: optionalOption(optionIds(integrationBudgets)),
});

const consultingBase = {
  name: requiredText(),
  email: requiredEmail(),
  company: requiredText(),
  phone: optionalPhone(),
  goals: requiredLongText(),
  currentSituation: requiredLongText(),
};

/** The union's issue carries the whole body as input: look at its `serviceType`. */
const serviceTypeError = (issue: { input?: unknown }): string => {
  const body = issue.input;
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).serviceType : undefined;
  return value === undefined || value === null || value === '' ? MESSAGES.required : 'Selecciona un tipo de servicio de la lista';
};

/** Architecture, performance and security audit need nothing beyond the common fields. */
const generalConsultingSchema = z.object({
  serviceType: z.enum(['architecture', 'performance', 'security-audit']),
  ...consultingBase,
});

const infrastructureAuditSchema = z.object({
  serviceType: z.literal('infrastructure-audit'),
  ...consultingBase,
  currentInfrastructure: requiredOption(optionIds(cloudInfrastructures)),
  userCount: requiredOption(optionIds(cloudUserCounts)),
  challenges: requiredLongText(),
});

const migrationStrategySchema = z.object({
  serviceType: z.literal('migration-strategy'),
  ...consultingBase,
  currentInfrastructure: requiredOption(optionIds(cloudInfrastructures)),
  systemType: requiredOption(optionIds(cloudSystemTypes)),
  migrationGoals: requiredLongText(),
});

/** The consulting form of /consultoria-tecnologica and /auditoria-infraestructura. */
export const consultingSchema = z.discriminatedUnion(
  'serviceType',
  [generalConsultingSchema, infrastructureAuditSchema, migrationStrategySchema],
  { error: serviceTypeError },
);

/** Every body `POST /api/webSite/contactConsultancy` accepts (form type 4), told apart by `serviceType`. */
export const consultancySchema = z.discriminatedUnion(
  'serviceType',
  [cloudMigrationSchema, integrationsSchema, consultingSchema],
  { error: serviceTypeError },
);

export type SmallContact = z.output<typeof smallContactSchema>;
export type BigContact = z.output<typeof bigContactSchema>;
export type ProjectContact = z.output<typeof projectContactSchema>;
export type CloudMigration = z.output<typeof cloudMigrationSchema>;
export type Integrations = z.output<typeof integrationsSchema>;
export type Consulting = z.output<typeof consultingSchema>;
export type Consultancy = z.output<typeof consultancySchema>;

export type SmallContactInput = z.input<typeof smallContactSchema>;
export type BigContactInput = z.input<typeof bigContactSchema>;
export type ProjectContactInput = z.input<typeof projectContactSchema>;
export type CloudMigrationInput = z.input<typeof cloudMigrationSchema>;
export type IntegrationsInput = z.input<typeof integrationsSchema>;
export type ConsultingInput = z.input<typeof consultingSchema>;
export type ConsultancyInput = z.input<typeof consultancySchema>;

/** Any parsed submission. */
export type Submission = SmallContact | BigContact | ProjectContact | Consultancy;

/** Key under which `fieldErrors` reports a problem that belongs to no single field. */
export const FORM_ERROR_KEY = '_form';

/** A schema of one whole form body, as the API and the islands hold it. */
export type FormSchema = z.ZodMiniType<Record<string, unknown>>;

/** First Spanish message per field (`{ email: 'El correo electrónico no es válido' }`). */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const key = head === undefined ? FORM_ERROR_KEY : String(head);
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
