/**
 * One zod schema per form, shared by the React islands (they validate as the visitor types) and the lead
 * API (the authority). Field names are the contract's; a select accepts exactly the ids of the list it shows,
 * so the schemas are built from the lists (content/form-options.yaml and the offers), by the API at start-up
 * and by each island from the lists its page gave it. Unknown keys are dropped.
 * zod/mini (see fields.ts): parse with `schema.safeParse(body)` as with classic zod.
 */
import { z } from 'zod/mini';
import { AUDIT_SERVICE, LEAD_FORMS, MIGRATION_STRATEGY_SERVICE, type LeadFormId, type LeadKind } from './kinds.ts';
import { optionIds, type FormLists, type ListKey } from './options.ts';
import {
  DEFAULT_RULES,
  optionalAppointment,
  optionalOption,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredLongText,
  requiredOption,
  requiredPhone,
  requiredText,
  type FieldRules,
} from './fields.ts';

export { MESSAGES, TEXT_MAX, LONG_TEXT_MAX, type FieldRules } from './fields.ts';

/**
 * Name of the hidden field humans never fill. Forms render it off-screen with `tabindex="-1"` and
 * `autocomplete="off"` and send it only when something filled it; the API answers a filled one like a
 * success and keeps nothing.
 */
export const HONEYPOT_FIELD = 'website';

/** A schema of one whole form body, as the API and the islands hold it. */
export type FormSchema = z.ZodMiniType<Record<string, unknown>>;

/** The lists a caller has (an island gets only those of its form). */
export type AvailableLists = Partial<FormLists>;

function listOf<K extends ListKey>(lists: AvailableLists, key: K): FormLists[K] {
  const found = lists[key];
  if (!found) throw new Error(`Falta la lista de opciones "${key}" para validar el formulario`);
  return found;
}
const required = (lists: AvailableLists, key: ListKey, rules: FieldRules) =>
  requiredOption(optionIds(listOf(lists, key)), rules);
const optional = (lists: AvailableLists, key: ListKey, rules: FieldRules) =>
  optionalOption(optionIds(listOf(lists, key)), rules);

/** The small contact form's schema, with the messages and phone rule of a language. */
export function smallContact(rules: FieldRules) {
  return z.object({
    name: requiredText(rules),
    email: requiredEmail(rules),
    company: optionalText(rules),
    message: requiredLongText(rules),
    appointmentDate: optionalAppointment(rules),
  });
}

export const smallContactSchema = smallContact(DEFAULT_RULES);

export function bigContactSchema(lists: AvailableLists, rules: FieldRules = DEFAULT_RULES) {
  return z.object({
    name: requiredText(rules),
    email: requiredEmail(rules),
    company: optionalText(rules),
    phone: optionalPhone(rules),
    projectType: required(lists, 'proyects', rules),
    budget: optional(lists, 'budgets', rules),
    timeline: optional(lists, 'timelines', rules),
    message: requiredLongText(rules),
    appointmentDate: optionalAppointment(rules),
  });
}

export function projectContactSchema(lists: AvailableLists, rules: FieldRules = DEFAULT_RULES) {
  return z.object({
    name: requiredText(rules),
    email: requiredEmail(rules),
    company: requiredText(rules),
    /** Labelled WhatsApp on the page. */
    phone: requiredPhone(rules),
    projectType: required(lists, 'proyects', rules),
    budget: required(lists, 'budgets', rules),
    timeline: required(lists, 'timelines', rules),
    description: requiredLongText(rules),
    urgency: required(lists, 'emergency', rules),
    currentSituation: requiredLongText(rules),
    appointmentDate: optionalAppointment(rules),
  });
}

export function cloudMigrationSchema(lists: AvailableLists, rules: FieldRules = DEFAULT_RULES) {
  return z.object({
    serviceType: z.literal(LEAD_FORMS.cloudMigration.serviceType),
    name: requiredText(rules),
    email: requiredEmail(rules),
    company: requiredText(rules),
    phone: optionalPhone(rules),
    currentInfrastructure: required(lists, 'cloudInfrastructures', rules),
    systemType: required(lists, 'cloudSystemTypes', rules),
    userCount: optional(lists, 'cloudUserCounts', rules),
    budget: optional(lists, 'cloudBudgets', rules),
    timeline: optional(lists, 'cloudTimelines', rules),
    challenges: requiredLongText(rules),
    goals: requiredLongText(rules),
  });
}

export function integrationsSchema(lists: AvailableLists, rules: FieldRules = DEFAULT_RULES) {
  return z.object({
    serviceType: z.literal(LEAD_FORMS.integrations.serviceType),
    name: requiredText(rules),
    email: requiredEmail(rules),
    company: requiredText(rules),
    phone: optionalPhone(rules),
    currentSystems: requiredLongText(rules),
    integrationType: required(lists, 'integrationTypes', rules),
    businessGoals: requiredLongText(rules),
    challenges: requiredLongText(rules),
    timeline: optional(lists, 'integrationTimelines', rules),
    budget: optional(lists, 'integrationBudgets', rules),
  });
}

/** The union's issue carries the whole body as input: look at its `serviceType`. */
const serviceTypeError =
  ({ messages }: FieldRules) =>
  (issue: { input?: unknown }): string => {
    const body = issue.input;
    const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).serviceType : undefined;
    return value === undefined || value === null || value === '' ? messages.required : messages.serviceType;
  };

/**
 * The consulting form of /consultoria-tecnologica and /auditoria-infraestructura. Every consulting service
 * asks for the common fields; the audit and the migration strategy ask for their own as well.
 */
export function consultingSchema(lists: AvailableLists, rules: FieldRules = DEFAULT_RULES) {
  const services = listOf(lists, 'consultingServices').map((service) => service.id);
  const base = {
    name: requiredText(rules),
    email: requiredEmail(rules),
    company: requiredText(rules),
    phone: optionalPhone(rules),
    goals: requiredLongText(rules),
    currentSituation: requiredLongText(rules),
    // The page invites the visitor to pick a time, as the contact and project forms do.
    appointmentDate: optionalAppointment(rules),
  };
  const special: readonly string[] = [AUDIT_SERVICE, MIGRATION_STRATEGY_SERVICE];
  const general = services.filter((id) => !special.includes(id));
  const variants = [];
  if (general.length > 0) variants.push(z.object({ serviceType: z.enum(general as [string, ...string[]]), ...base }));
  if (services.includes(AUDIT_SERVICE)) {
    variants.push(
      z.object({
        serviceType: z.literal(AUDIT_SERVICE),
        ...base,
        currentInfrastructure: required(lists, 'cloudInfrastructures', rules),
        userCount: required(lists, 'cloudUserCounts', rules),
        challenges: requiredLongText(rules),
      }),
    );
  }
  if (services.includes(MIGRATION_STRATEGY_SERVICE)) {
    variants.push(
      z.object({
        serviceType: z.literal(MIGRATION_STRATEGY_SERVICE),
        ...base,
        currentInfrastructure: required(lists, 'cloudInfrastructures', rules),
        systemType: required(lists, 'cloudSystemTypes', rules),
        migrationGoals: requiredLongText(rules),
      }),
    );
  }
  const [first, ...rest] = variants;
  if (!first) throw new Error('No hay servicios de consultoría en content/offers.yaml');
  return z.discriminatedUnion('serviceType', [first, ...rest], { error: serviceTypeError(rules) });
}

/** Every body `POST /api/webSite/contactConsultancy` accepts, told apart by `serviceType`. */
export function consultancySchema(lists: AvailableLists, rules: FieldRules = DEFAULT_RULES) {
  return z.discriminatedUnion(
    'serviceType',
    [cloudMigrationSchema(lists, rules), integrationsSchema(lists, rules), consultingSchema(lists, rules)],
    { error: serviceTypeError(rules) },
  );
}

/**
 * The schema each form of the site validates with, from the lists its page gave it and its language's
 * messages and phone rule.
 */
export function formSchema(form: LeadFormId, lists: AvailableLists, rules: FieldRules = DEFAULT_RULES): FormSchema {
  switch (form) {
    case 'small':
      return rules === DEFAULT_RULES ? smallContactSchema : smallContact(rules);
    case 'big':
      return bigContactSchema(lists, rules);
    case 'project':
      return projectContactSchema(lists, rules);
    case 'cloudMigration':
      return cloudMigrationSchema(lists, rules);
    case 'integrations':
      return integrationsSchema(lists, rules);
    case 'consulting':
      return consultingSchema(lists, rules);
  }
}

/** The schema the API applies to each kind of lead, in one language. */
export function kindSchemas(
  lists: FormLists,
  rules: FieldRules = DEFAULT_RULES,
): Readonly<Record<LeadKind, FormSchema>> {
  return {
    small: rules === DEFAULT_RULES ? smallContactSchema : smallContact(rules),
    big: bigContactSchema(lists, rules),
    project: projectContactSchema(lists, rules),
    consultancy: consultancySchema(lists, rules),
  };
}

/** Key under which `fieldErrors` reports a problem that belongs to no single field. */
export const FORM_ERROR_KEY = '_form';

/** First message per field, in the schema's language (`{ email: 'El correo electrónico no es válido' }`). */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const key = head === undefined ? FORM_ERROR_KEY : String(head);
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
