/**
 * Which form a lead came from, in one vocabulary. The API stores four kinds of lead, each received by one
 * call and numbered as the e-mail templates' `form_type` (1-4); the site shows six forms, each sending one
 * kind (the three consultancy forms tell themselves apart by `serviceType`).
 */
export const LEAD_KINDS = {
  small: { formType: 1, action: 'contactSmall', label: 'Contacto rápido' },
  big: { formType: 2, action: 'contactBig', label: 'Contacto completo' },
  project: { formType: 3, action: 'contactProyect', label: 'Iniciar proyecto' },
  consultancy: { formType: 4, action: 'contactConsultancy', label: 'Consultoría' },
} as const;

export type LeadKind = keyof typeof LEAD_KINDS;
/** The stored `form_type` of a kind. */
export type FormType = (typeof LEAD_KINDS)[LeadKind]['formType'];
/** The API call (`POST {base}webSite/{action}`) that receives a kind. */
export type LeadAction = (typeof LEAD_KINDS)[LeadKind]['action'];

export const LEAD_KIND_IDS = Object.keys(LEAD_KINDS) as [LeadKind, ...LeadKind[]];

/** The kind stored as `formType`, or `undefined` for a number no kind has. */
export function kindOfFormType(formType: number): LeadKind | undefined {
  return LEAD_KIND_IDS.find((kind) => LEAD_KINDS[kind].formType === formType);
}

/** The six forms of the site and the kind of lead each one sends. */
export const LEAD_FORMS = {
  small: { kind: 'small' },
  big: { kind: 'big' },
  project: { kind: 'project' },
  cloudMigration: { kind: 'consultancy', serviceType: 'cloud-migration', label: 'Migración a la nube' },
  integrations: { kind: 'consultancy', serviceType: 'integrations', label: 'Consultoría de integraciones' },
  /** Technology consulting and the infrastructure audit: the visitor picks the service. */
  consulting: { kind: 'consultancy' },
} as const satisfies Record<string, { kind: LeadKind; serviceType?: string; label?: string }>;

export type LeadFormId = keyof typeof LEAD_FORMS;

/** Consulting services whose form asks for more than the common fields (offers with these ids in content/offers.yaml). */
export const AUDIT_SERVICE = 'infrastructure-audit';
export const MIGRATION_STRATEGY_SERVICE = 'migration-strategy';
export const LEAD_FORM_IDS = Object.keys(LEAD_FORMS) as [LeadFormId, ...LeadFormId[]];
