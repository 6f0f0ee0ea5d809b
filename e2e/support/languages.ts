/**
 * The languages as content/ declares them (core/i18n reads and checks them the way the build does), so
 * the specs expect what editors wrote: a path's language, its catalogue and its translated texts.
 */
import type { Page } from '@playwright/test';
import { loadContentFacts } from '../../core/content/load.ts';

export const TRANSLATIONS = loadContentFacts().translations;
export const DEFAULT_LOCALE = TRANSLATIONS.defaultCode;

/** The active language whose prefix a path starts with, or the default one. */
export function languageOfPath(path: string): string {
  const found = TRANSLATIONS.active.find(
    (language) => !language.is_default && (path === `/${language.code}` || path.startsWith(`/${language.code}/`)),
  );
  return found?.code ?? DEFAULT_LOCALE;
}

/** A text of a language's catalogue (content/i18n/<code>.yaml). */
export function say(locale: string, group: string, key: string): string {
  const text = TRANSLATIONS.catalogues.get(locale)?.[group]?.[key];
  if (text === undefined) throw new Error(`Sin ${group}.${key} en content/i18n/${locale}.yaml`);
  return text;
}

/** The translated data of a content file (`pages/faq.yaml`) in a language. */
export function translated(locale: string, file: string): unknown {
  const data = TRANSLATIONS.content.get(locale)?.get(file);
  if (data === undefined) throw new Error(`Sin content/${locale}/${file}`);
  return data;
}

/** The page's language alternates as `[hreflang, path]` pairs, in the order its head lists them. */
export function hreflangPairs(page: Page): Promise<Array<[string | null, string]>> {
  return page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((each): [string | null, string] => [
        each.getAttribute('hreflang'),
        new URL(each.getAttribute('href') ?? '').pathname,
      ]),
    );
}
