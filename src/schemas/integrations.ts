/** Integration categories for /integraciones (`content/integrations.yaml`), in display order. */
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { list, oneOf, strict, text } from '../../core/content/common.ts';
import { icon } from './icons.ts';

/** The page's anchor is `#google`, so Google goes first. */
export const INTEGRATION_CATEGORY_IDS = [
  'google',
  'pagos',
  'facturacion',
  'erp',
  'crm',
  'mensajeria',
  'logistica',
  'ia',
] as const;

export const integrationCategorySchema = strict({
  id: oneOf(INTEGRATION_CATEGORY_IDS, 'una categoría'),
  icon,
  title: text('el título de la categoría', { max: 60 }),
  description: text('una descripción'),
  items: list(strict({ name: text('el nombre', { max: 50 }), description: text('qué resuelve', { max: 220 }) }), 3, 8),
});

export const integrationRules: EntryRules = {
  source: 'content/integrations.yaml',
  ids: INTEGRATION_CATEGORY_IDS,
  check: (entries) =>
    entries[0]?.id === 'google' ? [] : ['La primera categoría debe ser "google" (la página enlaza #google).'],
};
