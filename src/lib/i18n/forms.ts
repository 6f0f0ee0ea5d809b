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
import { ROUTES } from '../../../core/routes.ts';
import { oncePerBuild } from '../once-per-build.ts';
import { shortNotice, type ShortNotice } from '../privacy/notice.ts';
import { CONTACT } from '../site-contact.ts';
import { SHORT_NOTICE } from '../site-privacy.ts';
import { localizedPrivacy, translatedFile } from './page.ts';
import { DEFAULT_LOCALE, localizedHref } from './routes.ts';
import { t } from './strings.ts';

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

/** A translated language's form lists, parsed once per build (they are read by every form of every page). */
const translatedLists = oncePerBuild((locale: string): FormLists => {
  const options = parsedOrThrow(
    formOptionsSchema.safeParse(translatedFile(locale, 'form-options.yaml')),
    `${locale}/form-options.yaml`,
  );
  const offers = parsedOrThrow(offersSchema.safeParse(translatedFile(locale, 'offers.yaml')), `${locale}/offers.yaml`);
  return { ...options, consultingServices: consultingServices(offers) };
});

export function formListsFor(locale: string): FormLists {
  return locale === DEFAULT_LOCALE ? facts.lists : translatedLists(locale);
}

/** Whether a language's forms take phones of any country. */
export function takesInternationalPhones(locale: string): boolean {
  return locale !== DEFAULT_LOCALE;
}

/**
 * The short privacy notice beside a form's send button, in the page's language: its words and purposes
 * from the language's translation of content/privacy.yaml (the overlay checked they match the Spanish
 * ones item by item), its link to the notice in that language.
 */
export function shortNoticeFor(locale: string): ShortNotice {
  if (locale === DEFAULT_LOCALE) return SHORT_NOTICE;
  return {
    ...shortNotice(localizedPrivacy(locale), CONTACT.address, locale, localizedHref(ROUTES.privacy, locale)),
    newTab: t(locale, 'footer', 'newTab'),
  };
}
