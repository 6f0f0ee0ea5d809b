/** Frequently asked questions (`content/faq.yaml`): exactly four categories, in display order. */
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { action, list, oneOf, questionAnswer, strict, text } from '../../core/content/common.ts';

export const FAQ_CATEGORY_IDS = [
  'proyectos-y-tiempos',
  'inversion-y-pagos',
  'soporte-y-garantia',
  'proceso-y-comunicacion',
] as const;

/** A question may close with a link to the page that says more (the privacy notice, a service). */
const faqQuestion = strict({ ...questionAnswer.shape, link: action.optional() });

export const faqCategorySchema = strict({
  id: oneOf(FAQ_CATEGORY_IDS, 'una categoría'),
  title: text('el título de la categoría', { max: 60 }),
  questions: list(faqQuestion, 4, 6),
});

export const faqRules: EntryRules = { source: 'content/faq.yaml', ids: FAQ_CATEGORY_IDS };
