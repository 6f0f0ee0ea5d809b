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
const required = (lists: AvailableLists, key: ListKey) => requiredOption(optionIds(listOf(lists, key)));
const optional = (lists: AvailableLists, key: ListKey) => optionalOption(optionIds(listOf(lists, key)));

export const smallContactSchema = z.object({
  name: requiredText(),
  email: requiredEmail(),
  company: optionalText(),
  message: requiredLongText(),
  appointmentDate: optionalAppointment(),
});

export function bigContactSchema(lists: AvailableLists) {
  return z.object({
    name: requiredText(),
    email: requiredEmail(),
    company: optionalText(),
    phone: optionalPhone(),
    projectType: required(lists, 'proyects'),
    budget: optional(lists, 'budgets'),
    timeline: optional(lists, 'timelines'),
    message: requiredLongText(),
    appointmentDate: optionalAppointment(),
  });
}

export function projectContactSchema(lists: AvailableLists) {
  return z.object({
    name: requiredText(),
    email: requiredEmail(),
    company: requiredText(),
    /** Labelled WhatsApp on the page. */
    phone: requiredPhone(),
    projectType: required(lists, 'proyects'),
    budget: required(lists, 'budgets'),
    timeline: required(lists, 'timelines'),
    description: requiredLongText(),
    urgency: required(lists, 'emergency'),
    currentSituation: requiredLongText(),
    appointmentDate: optionalAppointment(),
  });
}

export function cloudMigrationSchema(lists: AvailableLists) {
  return z.object({
    serviceType: z.literal(LEAD_FORMS.cloudMigration.serviceType),
    name: requiredText(),
    email: requiredEmail(),
    company: requiredText(),
    phone: optionalPhone(),
    currentInfrastructure: required(lists, 'cloudInfrastructures'),
    systemType: required(lists, 'cloudSystemTypes'),
    userCount: optional(lists, 'cloudUserCounts'),
    budget: optional(lists, 'cloudBudgets'),
    timeline: optional(lists, 'cloudTimelines'),
    challenges: requiredLongText(),
    goals: requiredLongText(),
  });
}

export function integrationsSchema(lists: AvailableLists) {
  return z.object({
    serviceType: z.literal(LEAD_FORMS.integrations.serviceType),
    name: requiredText(),
    email: requiredEmail(),
    company: requiredText(),
    phone: optionalPhone(),
    currentSystems: requiredLongText(),
    integrationType: required(lists, 'integrationTypes'),
    businessGoals: requiredLongText(),
    challenges: requiredLongText(),
    timeline: optional(lists, 'integrationTimelines'),
    budget: optional(lists, 'integrationBudgets'),
  });
}

/** The union's issue carries the whole body as input: look at its `serviceType`. */
const serviceTypeError = (issue: { input?: unknown }): string => {
  const body = issue.input;
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).serviceType : undefined;
  return value === undefined || value === null || value === ''
    ? MESSAGES.required
    : 'Selecciona un tipo de servicio de la lista';
};

/**
 * The consulting form of /consultoria-tecnologica and /auditoria-infraestructura. Every consulting service
 * asks for the common fields; the audit and the migration strategy ask for their own as well.
 */
export function consultingSchema(lists: AvailableLists) {
  const services = listOf(lists, 'consultingServices').map((service) => service.id);
  const base = {
    name: requiredText(),
    email: requiredEmail(),
    company: requiredText(),
    phone: optionalPhone(),
    goals: requiredLongText(),
    currentSituation: requiredLongText(),
    // The page invites the visitor to pick a time, as the contact and project forms do.
    appointmentDate: optionalAppointment(),
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
        currentInfrastructure: required(lists, 'cloudInfrastructures'),
        userCount: required(lists, 'cloudUserCounts'),
        challenges: requiredLongText(),
      }),
    );
  }
  if (services.includes(MIGRATION_STRATEGY_SERVICE)) {
    variants.push(
      z.object({
        serviceType: z.literal(MIGRATION_STRATEGY_SERVICE),
        ...base,
        currentInfrastructure: required(lists, 'cloudInfrastructures'),
        systemType: required(lists, 'cloudSystemTypes'),
        migrationGoals: requiredLongText(),
      }),
    );
  }
  const [first, ...rest] = variants;
  if (!first) throw new Error('No hay servicios de consultoría en content/offers.yaml');
  return z.discriminatedUnion('serviceType', [first, ...rest], { error: serviceTypeError });
}

/** Every body `POST /api/webSite/contactConsultancy` accepts, told apart by `serviceType`. */
export function consultancySchema(lists: AvailableLists) {
  return z.discriminatedUnion(
    'serviceType',
    [cloudMigrationSchema(lists), integrationsSchema(lists), consultingSchema(lists)],
    { error: serviceTypeError },
  );
}

/** The schema each form of the site validates with, from the lists its page gave it. */
export function formSchema(form: LeadFormId, lists: AvailableLists): FormSchema {
  switch (form) {
    case 'small':
      return smallContactSchema;
    case 'big':
      return bigContactSchema(lists);
    case 'project':
      return projectContactSchema(lists);
    case 'cloudMigration':
      return cloudMigrationSchema(lists);
    case 'integrations':
      return integrationsSchema(lists);
    case 'consulting':
      return consultingSchema(lists);
  }
}

/** The schema the API applies to each kind of lead. */
export function kindSchemas(lists: FormLists): Readonly<Record<LeadKind, FormSchema>> {
  return {
    small: smallContactSchema,
    big: bigContactSchema(lists),
    project: projectContactSchema(lists),
    consultancy: consultancySchema(lists),
  };
}

/** Key under which `fieldErrors` reports a problem that belongs to no single field. */
export const FORM_ERROR_KEY = '_form';

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
