/**
 * The long-form content every active language translates: a folder of entries or one file, relative to
 * `content/`, and, when only part of a file is translated so far, the blocks that are. A file listed by
 * two sources follows the first. A third language
 * needs no change here: its files go under `content/<code>/` with the same names.
 */
import { CLIENT_EMAIL_BLOCKS } from '../content/emails.ts';
import type { FieldRules } from './overlay.ts';

export interface TranslatedSource {
  /** `services/` (every `.yaml` and `.md` in it) or `faq.yaml`. */
  path: string;
  /** Top-level blocks translated; without it, every text of the file. */
  blocks?: readonly string[];
  /** Field names that mean something else in these files than in the rest of content/. */
  fields?: FieldRules;
}

export const TRANSLATED_SOURCES: readonly TranslatedSource[] = [
  // The four services with their own page translate it whole; the other two, their home card.
  { path: 'services/aplicaciones-web.yaml' },
  { path: 'services/apps-moviles.yaml' },
  { path: 'services/ecommerce.yaml' },
  { path: 'services/cloud-native.yaml' },
  { path: 'services/', blocks: ['title', 'description', 'features'] },
  { path: 'team/' },
  // Each case study, front matter and story (`content/en/portfolio/<id>.md`): its industry and its metrics'
  // figures are words a reader's language changes; its technologies and the person quoted are names.
  { path: 'portfolio/', fields: { prose: ['category', 'value'], facts: ['tech', 'author'] } },
  { path: 'testimonials/' },
  { path: 'faq.yaml' },
  { path: 'process.yaml' },
  { path: 'technologies.yaml' },
  { path: 'integrations.yaml' },
  { path: 'consulting.yaml' },
  { path: 'audit.yaml' },
  { path: 'offers.yaml' },
  { path: 'stats.yaml' },
  // The forms' option lists (facts such as ids and amounts come from the Spanish file).
  { path: 'form-options.yaml' },
  // The whole privacy notice (the retention limits and dates are facts, from the Spanish file).
  { path: 'privacy.yaml' },
  // What a client reads in their e-mails (the team's own messages stay in the default language).
  { path: 'emails.yaml', blocks: CLIENT_EMAIL_BLOCKS },
  // The title of the consultant who takes what no specialist covers (the others' come from their team pages).
  { path: 'consultants.yaml', blocks: ['general'] },
  // The WhatsApp chat's opening messages.
  { path: 'contact.yaml', blocks: ['greetings'] },
  // Pages built in every language translate all their copy; the rest, their texts for search engines so far.
  { path: 'pages/404.yaml' },
  { path: 'pages/faq.yaml' },
  { path: 'pages/proceso-desarrollo.yaml' },
  { path: 'pages/cms-a-codigo.yaml' },
  { path: 'pages/tecnologias.yaml' },
  { path: 'pages/home.yaml' },
  { path: 'pages/contacto.yaml' },
  { path: 'pages/iniciar-proyecto.yaml' },
  { path: 'pages/migracion-cloud.yaml' },
  { path: 'pages/consultoria-integraciones.yaml' },
  { path: 'pages/reunion.yaml' },
  { path: 'pages/aviso-de-privacidad.yaml' },
  { path: 'pages/integraciones.yaml' },
  { path: 'pages/consultoria-tecnologica.yaml' },
  { path: 'pages/auditoria-infraestructura.yaml' },
  { path: 'pages/portfolio.yaml' },
  { path: 'pages/', blocks: ['seo'] },
];

/** Where a language keeps its translation of a content file: `content/en/services/ecommerce.yaml`. */
export function translationPath(code: string, file: string): string {
  return `content/${code}/${file}`;
}
