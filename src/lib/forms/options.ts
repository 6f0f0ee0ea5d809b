/**
 * Every select option of every form, in one module. The API serves the first four lists from
 * `GET /api/webSite/contactFormSelects`; the site ships this same module as its fallback, so a form still
 * renders its options when the call fails. Ids are stable lowercase slugs: they are what the forms send,
 * what the schemas accept and what the database stores, so never rename one (add a new id instead).
 * Labels are Spanish and may change freely.
 */

/** Shape the specification gives for `proyects` (sic: the API's historical field name). */
export interface ProjectOption {
  id: string;
  proyect: string;
}

export interface BudgetOption {
  id: string;
  range: string;
  /** ISO 4217 code when the range is an amount of money. */
  currency?: 'MXN' | 'USD';
}

export interface TimelineOption {
  id: string;
  range: string;
  /** The same period in calendar terms, when the label alone does not say it. */
  range_time?: string;
}

export interface EmergencyOption {
  id: string;
  level: string;
}

/** Options of the forms that are not served by the API (cloud migration, integrations, consulting). */
export interface LabelledOption {
  id: string;
  label: string;
}

export const proyects = [
  { id: 'web-app', proyect: 'Aplicación web' },
  { id: 'mobile-app', proyect: 'App móvil (iOS y Android)' },
  { id: 'ecommerce', proyect: 'Tienda en línea (e-commerce)' },
  { id: 'enterprise-system', proyect: 'Sistema empresarial (ERP, CRM, inventarios)' },
  { id: 'cloud-native', proyect: 'Plataforma cloud native' },
  { id: 'data-ai', proyect: 'Datos e inteligencia artificial' },
  { id: 'cms-to-code', proyect: 'Migrar de un CMS a código a la medida' },
  { id: 'integrations', proyect: 'Integración entre sistemas' },
  { id: 'other', proyect: 'Otro proyecto' },
] as const satisfies readonly ProjectOption[];

export const budgets = [
  { id: 'up-to-100k', range: 'Hasta $100,000', currency: 'MXN' },
  { id: '100k-300k', range: '$100,000 - $300,000', currency: 'MXN' },
  { id: '300k-700k', range: '$300,000 - $700,000', currency: 'MXN' },
  { id: '700k-1500k', range: '$700,000 - $1,500,000', currency: 'MXN' },
  { id: '1500k-plus', range: 'Más de $1,500,000', currency: 'MXN' },
  { id: 'undecided', range: 'Aún no lo tengo definido' },
] as const satisfies readonly BudgetOption[];

export const timelines = [
  { id: 'asap', range: 'Lo antes posible', range_time: 'menos de 1 mes' },
  { id: '1-3-months', range: 'Corto plazo', range_time: '1 a 3 meses' },
  { id: '3-6-months', range: 'Mediano plazo', range_time: '3 a 6 meses' },
  { id: '6-12-months', range: 'Largo plazo', range_time: '6 a 12 meses' },
  { id: 'flexible', range: 'Fecha flexible' },
] as const satisfies readonly TimelineOption[];

export const emergency = [
  { id: 'low', level: 'Baja: estoy comparando opciones' },
  { id: 'medium', level: 'Media: quiero arrancar este trimestre' },
  { id: 'high', level: 'Alta: necesito arrancar este mes' },
  { id: 'critical', level: 'Crítica: mi operación depende de esto' },
] as const satisfies readonly EmergencyOption[];

/** The body of `GET /api/webSite/contactFormSelects`. */
export const CONTACT_FORM_SELECTS = { proyects, budgets, timelines, emergency } as const;
export type ContactFormSelects = typeof CONTACT_FORM_SELECTS;

// Cloud migration form (/migracion-cloud). Amounts are USD, as the cloud-native offer is quoted.

export const cloudInfrastructures = [
  { id: 'on-premise', label: 'Servidores propios (on-premise)' },
  { id: 'shared-hosting', label: 'Hosting compartido' },
  { id: 'vps-dedicated', label: 'VPS o servidor dedicado' },
  { id: 'aws', label: 'Amazon Web Services (AWS)' },
  { id: 'azure', label: 'Microsoft Azure' },
  { id: 'google-cloud', label: 'Google Cloud' },
  { id: 'hybrid', label: 'Híbrida (parte local, parte en la nube)' },
] as const satisfies readonly LabelledOption[];

export const cloudSystemTypes = [
  { id: 'web-app', label: 'Aplicación web' },
  { id: 'ecommerce', label: 'Tienda en línea' },
  { id: 'erp', label: 'ERP (administración, inventarios, nómina)' },
  { id: 'crm', label: 'CRM o sistema de ventas' },
  { id: 'database', label: 'Bases de datos y reportes' },
  { id: 'api-microservices', label: 'APIs o microservicios' },
  { id: 'legacy', label: 'Sistema heredado (.NET Framework, VB6, COBOL)' },
  { id: 'other', label: 'Otro tipo de sistema' },
] as const satisfies readonly LabelledOption[];

export const cloudUserCounts = [
  { id: '1-100', label: '1 - 100 usuarios' },
  { id: '101-1000', label: '101 - 1,000 usuarios' },
  { id: '1001-10000', label: '1,001 - 10,000 usuarios' },
  { id: '10001-100000', label: '10,001 - 100,000 usuarios' },
  { id: '100000-plus', label: 'Más de 100,000 usuarios' },
] as const satisfies readonly LabelledOption[];

export const cloudBudgets = [
  { id: '5k-15k', range: '$5K - $15K', currency: 'USD' },
  { id: '15k-30k', range: '$15K - $30K', currency: 'USD' },
  { id: '30k-60k', range: '$30K - $60K', currency: 'USD' },
  { id: '60k-120k', range: '$60K - $120K', currency: 'USD' },
  { id: '120k-plus', range: '$120K+', currency: 'USD' },
  { id: 'undecided', range: 'Por definir' },
] as const satisfies readonly BudgetOption[];

export const cloudTimelines = [
  { id: 'asap', label: 'Lo antes posible' },
  { id: '1-2-months', label: '1 - 2 meses' },
  { id: '2-4-months', label: '2 - 4 meses' },
  { id: '4-6-months', label: '4 - 6 meses' },
  { id: '6-plus-months', label: '6+ meses' },
] as const satisfies readonly LabelledOption[];

// Integrations consulting form (/consultoria-integraciones). Amounts are USD.

export const integrationTypes = [
  { id: 'google-workspace', label: 'Google Workspace (Gmail, Calendar, Drive)' },
  { id: 'microsoft-365', label: 'Microsoft 365 (Outlook, Teams, SharePoint)' },
  { id: 'erp', label: 'ERP (SAP, Oracle, Odoo, CONTPAQi)' },
  { id: 'crm', label: 'CRM (Salesforce, HubSpot, Zoho)' },
  { id: 'payments', label: 'Pagos en línea (Stripe, Mercado Pago, Conekta, OpenPay)' },
  { id: 'e-invoicing', label: 'Facturación electrónica CFDI 4.0 (SAT)' },
  { id: 'ecommerce', label: 'Tiendas en línea (Shopify, WooCommerce, Mercado Libre)' },
  { id: 'messaging', label: 'WhatsApp Business y mensajería' },
  { id: 'logistics', label: 'Paqueterías y logística (Estafeta, DHL, FedEx)' },
  { id: 'custom-api', label: 'API propia o de un tercero' },
] as const satisfies readonly LabelledOption[];

export const integrationTimelines = [
  { id: '1-2-weeks', label: '1 - 2 semanas' },
  { id: '2-4-weeks', label: '2 - 4 semanas' },
  { id: '1-3-months', label: '1 - 3 meses' },
  { id: '3-plus-months', label: '3+ meses' },
] as const satisfies readonly LabelledOption[];

export const integrationBudgets = [
  { id: '2k-5k', range: '$2K - $5K', currency: 'USD' },
  { id: '5k-10k', range: '$5K - $10K', currency: 'USD' },
  { id: '10k-25k', range: '$10K - $25K', currency: 'USD' },
  { id: '25k-50k', range: '$25K - $50K', currency: 'USD' },
  { id: '50k-plus', range: '$50K+', currency: 'USD' },
] as const satisfies readonly BudgetOption[];

// Consulting offers (/consultoria-tecnologica and /auditoria-infraestructura), prices in USD.

export interface ConsultingOffer {
  id: string;
  label: string;
  /** Price in USD. */
  priceUsd: number;
  /** `true` when the price is a starting point ("desde"), `false` for a fixed price. */
  priceFrom: boolean;
  duration: string;
  summary: string;
}

export const consultingOffers = [
  {
    id: 'architecture',
    label: 'Arquitectura de software',
    priceUsd: 2500,
    priceFrom: true,
    duration: '1-2 semanas',
    summary: 'Revisión y diseño de la arquitectura de tu sistema para que crezca sin reescribirse.',
  },
  {
    id: 'performance',
    label: 'Optimización de rendimiento',
    priceUsd: 3500,
    priceFrom: true,
    duration: '2-3 semanas',
    summary: 'Medimos dónde se pierde el tiempo (base de datos, API, front) y lo corregimos con métricas.',
  },
  {
    id: 'security-audit',
    label: 'Auditoría de seguridad',
    priceUsd: 2000,
    priceFrom: true,
    duration: '1-2 semanas',
    summary: 'Pruebas de vulnerabilidades, revisión de accesos y un plan de corrección priorizado.',
  },
  {
    id: 'migration-strategy',
    label: 'Estrategia de migración',
    priceUsd: 4000,
    priceFrom: true,
    duration: '2-4 semanas',
    summary: 'Plan por etapas para llevar tu sistema a la nube o a una nueva plataforma sin detener la operación.',
  },
  {
    id: 'infrastructure-audit',
    label: 'Auditoría de infraestructura',
    priceUsd: 5000,
    priceFrom: false,
    duration: '10-14 días',
    summary: 'Diagnóstico completo de servidores, costos, respaldos y seguridad, con 30 días de soporte posterior.',
  },
] as const satisfies readonly ConsultingOffer[];

/** The four offers of /consultoria-tecnologica: every consulting offer except the infrastructure audit. */
export const TECH_CONSULTING_OFFER_IDS = ['architecture', 'performance', 'security-audit', 'migration-strategy'] as const satisfies readonly Exclude<(typeof consultingOffers)[number]['id'], 'infrastructure-audit'>[];

/**
 * Facts of the infrastructure audit beyond price and duration (specification §9), for the e-mails.
 * The audit page reads the same figures from content/audit.yaml; src/schemas/content.test.ts keeps them equal.
 */
export const INFRASTRUCTURE_AUDIT_FACTS = {
  roi: '300-500% en 6 meses',
  supportDays: 30,
} as const;

/**
 * The `serviceType` values `contactConsultancy` accepts: the two dedicated forms plus the consulting offers.
 * Labels are what the e-mails show as the kind of consulting requested.
 */
export const consultancyServiceTypes = [
  { id: 'cloud-migration', label: 'Migración a la nube' },
  { id: 'integrations', label: 'Consultoría de integraciones' },
  ...consultingOffers.map(({ id, label }) => ({ id, label })),
] as const satisfies readonly LabelledOption[];

export type ProjectTypeId = (typeof proyects)[number]['id'];
export type BudgetId = (typeof budgets)[number]['id'];
export type TimelineId = (typeof timelines)[number]['id'];
export type EmergencyId = (typeof emergency)[number]['id'];
export type CloudInfrastructureId = (typeof cloudInfrastructures)[number]['id'];
export type CloudSystemTypeId = (typeof cloudSystemTypes)[number]['id'];
export type CloudUserCountId = (typeof cloudUserCounts)[number]['id'];
export type CloudBudgetId = (typeof cloudBudgets)[number]['id'];
export type CloudTimelineId = (typeof cloudTimelines)[number]['id'];
export type IntegrationTypeId = (typeof integrationTypes)[number]['id'];
export type IntegrationTimelineId = (typeof integrationTimelines)[number]['id'];
export type IntegrationBudgetId = (typeof integrationBudgets)[number]['id'];
export type ConsultingServiceId = (typeof consultingOffers)[number]['id'];
export type ConsultancyServiceType = 'cloud-migration' | 'integrations' | ConsultingServiceId;

/** Ids of a list, as the non-empty tuple `z.enum` wants. */
export function optionIds<const T extends readonly [{ id: string }, ...{ id: string }[]]>(
  list: T,
): [T[number]['id'], ...T[number]['id'][]] {
  return list.map((option) => option.id) as [T[number]['id'], ...T[number]['id'][]];
}

/** Spanish label of an option id (the `proyect`, `range`, `level` or `label` field), or `undefined`. */
export function optionLabel(
  list: readonly (ProjectOption | BudgetOption | TimelineOption | EmergencyOption | LabelledOption)[],
  id: string | undefined,
): string | undefined {
  if (id === undefined) return undefined;
  const option = list.find((candidate) => candidate.id === id);
  if (!option) return undefined;
  if ('proyect' in option) return option.proyect;
  if ('level' in option) return option.level;
  if ('label' in option) return option.label;
  if ('range_time' in option && option.range_time) return `${option.range} (${option.range_time})`;
  if ('currency' in option && option.currency) return `${option.range} ${option.currency}`;
  return option.range;
}
