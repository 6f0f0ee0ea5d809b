/**
 * Interface strings for the build: `content/i18n/<code>.yaml` by group and key, with `{placeholders}`
 * filled. Every active language has every key (the build checked it), so a missing one here is a bug in
 * the caller, not in content.
 */
import { loadContentFacts } from '../../../core/content/load.ts';
import { fillKnown } from '../../../core/text-template.ts';

const catalogues = loadContentFacts().translations.catalogues;

export function t(locale: string, group: string, key: string, values: Record<string, string> = {}): string {
  const text = catalogues.get(locale)?.[group]?.[key];
  if (text === undefined) throw new Error(`Sin texto ${group}.${key} en content/i18n/${locale}.yaml`);
  return fillKnown(text, values);
}
