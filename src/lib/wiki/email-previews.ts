/**
 * The lead API's e-mail templates as the wiki sees them. They live in `server/email/` (pure modules, no
 * I/O), which the wiki loads at build time through Vite's glob so it builds whether or not that branch
 * of the product is present: no module, no previews and no variable tables.
 */
export interface PreviewMailbox {
  name?: string;
  address: string;
}

export interface PreviewAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface PreviewMessage {
  audience: 'client' | 'internal';
  from: string;
  to: PreviewMailbox;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  attachments: PreviewAttachment[];
}

export interface PreviewSample {
  id: string;
  title: string;
  audience: 'client' | 'internal';
  lead: { id: number; formType: number; originPage: string };
}

interface SamplesModule {
  EMAIL_PREVIEW_SAMPLES: readonly PreviewSample[];
  renderEmailPreview(sample: PreviewSample): PreviewMessage;
}

export interface VariableDoc {
  name: string;
  description: string;
}

export interface EmailVariablesDoc {
  formTypes: readonly { formType: number; label: string; route: string }[];
  client: Readonly<Record<number, readonly VariableDoc[]>>;
  calendar: readonly VariableDoc[];
  internal: readonly VariableDoc[];
  defaults: Readonly<Record<string, string>>;
}

interface VariablesModule {
  EMAIL_VARIABLES: EmailVariablesDoc;
}

export interface LeadScoreRuleDoc {
  id: string;
  points: number;
  description: string;
}

interface AnalysisModule {
  LEAD_SCORE_DEFAULT: number;
  LEAD_SCORE_RULES: readonly LeadScoreRuleDoc[];
}

const samplesModules = import.meta.glob<SamplesModule>('/server/email/samples.ts', { eager: true });
const variablesModules = import.meta.glob<VariablesModule>('/server/email/variables.ts', { eager: true });

const analysisModules = import.meta.glob<AnalysisModule>('/server/email/analysis.ts', { eager: true });

const samplesModule = Object.values(samplesModules)[0];
const variablesModule = Object.values(variablesModules)[0];
const analysisModule = Object.values(analysisModules)[0];

if (samplesModule && (!Array.isArray(samplesModule.EMAIL_PREVIEW_SAMPLES) || typeof samplesModule.renderEmailPreview !== 'function')) {
  throw new Error('server/email/samples.ts ya no exporta EMAIL_PREVIEW_SAMPLES y renderEmailPreview: actualiza src/lib/wiki/email-previews.ts.');
}
if (variablesModule && typeof variablesModule.EMAIL_VARIABLES !== 'object') {
  throw new Error('server/email/variables.ts ya no exporta EMAIL_VARIABLES: actualiza src/lib/wiki/email-previews.ts.');
}
if (analysisModule && (!Array.isArray(analysisModule.LEAD_SCORE_RULES) || typeof analysisModule.LEAD_SCORE_DEFAULT !== 'number')) {
  throw new Error('server/email/analysis.ts ya no exporta LEAD_SCORE_RULES y LEAD_SCORE_DEFAULT: actualiza src/lib/wiki/email-previews.ts.');
}

/** Where the preview of a sample is published (a page of its own, opened in a new tab). */
export function emailPreviewPath(id: string): string {
  return `/wikiangram/email-template/preview/${id}`;
}

export const EMAIL_PREVIEW_SAMPLES: readonly PreviewSample[] = samplesModule?.EMAIL_PREVIEW_SAMPLES ?? [];

export function renderEmailPreview(sample: PreviewSample): PreviewMessage {
  if (!samplesModule) throw new Error('Las plantillas de correo (server/email/samples.ts) no están en este repositorio.');
  return samplesModule.renderEmailPreview(sample);
}

export const EMAIL_VARIABLES: EmailVariablesDoc | undefined = variablesModule?.EMAIL_VARIABLES;

/** How the internal message scores a lead: the starting score and each rule's points. */
export const LEAD_SCORE: { base: number; rules: readonly LeadScoreRuleDoc[] } | undefined = analysisModule
  ? { base: analysisModule.LEAD_SCORE_DEFAULT, rules: analysisModule.LEAD_SCORE_RULES }
  : undefined;

/**
 * The e-mail as the document of the preview frame: exactly the message, plus `<base target="_blank">`
 * so its links (mailto:, WhatsApp, Google Calendar) open a new tab instead of inside the frame.
 */
export function previewDocument(html: string): string {
  return /<head>/i.test(html) ? html.replace(/<head>/i, '<head><base target="_blank">') : `<base target="_blank">${html}`;
}
