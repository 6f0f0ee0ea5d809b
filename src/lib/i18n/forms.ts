/**
 * A lead form in a language, for the build: its words from the language's catalogue (core/forms/copy.ts,
 * the same the API answers with), its option lists from the language's translation of
 * content/form-options.yaml and of the consulting services' offers (ids and amounts from the Spanish files),
 * and whether it takes phones of any country (every language but the default, whose visitors type Mexican
 * numbers).
 */
import { loadContentFacts } from '../../../core/content/load.ts';
import { formOptionsSchema } from '../../../core/content/form-options.ts';
import { consultingServices, offersSchema } from '../../../core/content/offers.ts';
import { formCopy, type FormCopy } from '../../../core/forms/copy.ts';
import type { FormLists } from '../../../core/forms/options.ts';
import { translatedFile } from './page.ts';
import { DEFAULT_LOCALE } from './routes.ts';

const facts = loadContentFacts();

export function formCopyFor(locale: string): FormCopy {
  const catalogue = facts.translations.catalogues.get(locale);
  if (!catalogue) throw new Error(`Sin catálogo para el idioma ${locale} (content/i18n/${locale}.yaml)`);
  return formCopy(catalogue, locale);
}

function parsedOrThrow<T>(
  result: { success: true; data: T } | { success: false; error: { message: string } },
  file: string,
): T {
  if (result.success) return result.data;
  throw new Error(`content/${file}: ${result.error.message}`);
}

const listsByLocale = new Map<string, FormLists>();

export function formListsFor(locale: string): FormLists {
  if (locale === DEFAULT_LOCALE) return facts.lists;
  const known = listsByLocale.get(locale);
  if (known) return known;
  const options = parsedOrThrow(
    formOptionsSchema.safeParse(translatedFile(locale, 'form-options.yaml')),
    `${locale}/form-options.yaml`,
  );
  const offers = parsedOrThrow(offersSchema.safeParse(translatedFile(locale, 'offers.yaml')), `${locale}/offers.yaml`);
  const lists = { ...options, consultingServices: consultingServices(offers) };
  listsByLocale.set(locale, lists);
  return lists;
}

/** Whether a language's forms take phones of any country. */
export function takesInternationalPhones(locale: string): boolean {
  return locale !== DEFAULT_LOCALE;
}
