/**
 * A content page in a language: the default language's is `contentPage` (src/lib/content/page.ts); another
 * language's copy is its translation from core/i18n (facts from the Spanish file), checked against the same
 * page schema, with its links moved to their twins and counts written as digits.
 */
import { z } from 'astro/zod';
import { defaultRoot, loadContentFacts } from '../../../core/content/load.ts';
import { privacySchema, type PrivacyNotice } from '../../../core/content/privacy.ts';
import { readPromisePlaceholders } from '../../../core/content/promises.ts';
import { hasProse } from '../../../core/i18n/overlay.ts';
import { fillKnownDeep } from '../../../core/text-template.ts';
import { oncePerBuild } from '../once-per-build.ts';
import { contentPage, siteOf, type LoadedPage, type PageRequest, type ServicePageCopy } from '../content/page.ts';
import { crumbName, SERVICES_SECTION } from '../content/trail.ts';
import { FAQ_CATEGORY_IDS, faqCategorySchema } from '../../schemas/faq.ts';
import { isNoindexPage, pageSchema, type Page, type PageId } from '../../schemas/pages.ts';
import { serviceSchema, type Service } from '../../schemas/services.ts';
import { seoPreset } from '../seo/presets.ts';
import { CONTACT } from '../site-contact.ts';
import { absoluteUrl } from '../seo/resolve.ts';
import { DEFAULT_LOCALE, localizedHref } from './routes.ts';
import { t } from './strings.ts';

const translations = loadContentFacts().translations;

/** The translated data of a content file, or a build error naming the missing file. */
export function translatedFile(locale: string, file: string): unknown {
  const data = translations.content.get(locale)?.get(file);
  if (data === undefined) throw new Error(`Falta content/${locale}/${file}: agrégalo a core/i18n/sources.ts`);
  return data;
}

/** Every `href` of a block moved to its twin in `locale`. */
function localizeLinks<T>(value: T, locale: string): T {
  if (Array.isArray(value)) return value.map((item: unknown) => localizeLinks(item, locale)) as T;
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'href' && typeof inner === 'string' ? localizedHref(inner, locale) : localizeLinks(inner, locale),
    ]),
  ) as T;
}

/**
 * The facts a translated text may quote: the case count as digits, and the promises that are bare figures
 * (`{horasPropuesta}` «24»), which read the same in every language; promises worded in Spanish are not.
 * Read once per build: every page of another language asks, and the promises come from several files.
 */
const counts = oncePerBuild((): Record<string, string> => {
  const cases = String(translations.caseCount);
  const figures = Object.entries(readPromisePlaceholders(defaultRoot())).filter(([, value]) => /^\d+$/.test(value));
  return { ...Object.fromEntries(figures), casos: cases, Casos: cases };
});

/** The translation parsed by its schema; a failure names the translated file. */
function parsed<T extends z.ZodType>(schema: T, data: unknown, file: string): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new Error(
    `${file}: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
  );
}

/**
 * A page's translation, checked as the Spanish page is (its rules name its Spanish links), then its links
 * moved to their twins. Once per build: every case page of the language shows the portfolio page's labels.
 */
const translatedPageCopy = oncePerBuild((locale: string) =>
  oncePerBuild((id: PageId): Page => {
    const raw = { ...(translatedFile(locale, `pages/${id}.yaml`) as object), id };
    return localizeLinks(
      parsed(pageSchema, fillKnownDeep(raw, counts()), `content/${locale}/pages/${id}.yaml`),
      locale,
    );
  }),
);

export async function localizedContentPage(
  request: PageRequest,
  id: PageId,
  locale: string,
): Promise<LoadedPage<Page>> {
  if (locale === DEFAULT_LOCALE) return contentPage(request, id);
  const file = `content/${locale}/pages/${id}.yaml`;
  const copy = translatedPageCopy(locale)(id);
  const path = id === '404' ? null : localizedHref(id === 'home' ? '/' : `/${id}`, locale);
  const site = siteOf(request);
  return {
    copy,
    site,
    path: path ?? request.url.pathname,
    url: path === null ? null : absoluteUrl(path, site),
    crumbs: path === null ? [] : [{ name: crumbName(copy), path }],
    seo: { preset: seoPreset(copy.seo, path, { file, noindex: id === '404' || isNoindexPage(id) }) },
  };
}

/**
 * The privacy notice in `locale`: its translation, with the date, the retention limits, the storage keys
 * and each section's block from the Spanish file, checked by the same schema as the original.
 */
export function localizedPrivacy(locale: string): PrivacyNotice {
  if (locale === DEFAULT_LOCALE) return loadContentFacts().privacy;
  return parsed(privacySchema, translatedFile(locale, 'privacy.yaml'), `content/${locale}/privacy.yaml`);
}

/** The FAQ's categories in `locale`, links moved to their twins. */
export function localizedFaq(locale: string): Array<z.output<typeof faqCategorySchema>> {
  const data = localizeLinks(translatedFile(locale, 'faq.yaml'), locale);
  return parsed(z.array(faqCategorySchema), data, `content/${locale}/faq.yaml`).sort(
    (a, b) => FAQ_CATEGORY_IDS.indexOf(a.id) - FAQ_CATEGORY_IDS.indexOf(b.id),
  );
}

/** The WhatsApp chat's opening messages in `locale`. */
export function localizedGreetings(locale: string): { general: string; navigationHelp: string } {
  return (translatedFile(locale, 'contact.yaml') as { greetings: { general: string; navigationHelp: string } })
    .greetings;
}

/** A translated collection file (`process.yaml`) parsed by its schema, links moved to their twins. */
export function localizedCollection<T extends z.ZodType>(locale: string, file: string, schema: T): z.output<T> {
  return parsed(schema, localizeLinks(translatedFile(locale, file), locale), `content/${locale}/${file}`);
}

/**
 * A service page in `locale`: the service's translation (facts from the Spanish file) checked by the same
 * schema, its canonical path the twin of `/servicios/<id>`, under the home page's services section.
 */
export function localizedServicePage(
  request: PageRequest,
  original: Service,
  locale: string,
): LoadedPage<ServicePageCopy> & { service: Service } {
  if (locale === DEFAULT_LOCALE) throw new Error('localizedServicePage es para los idiomas traducidos');
  const file = `content/${locale}/services/${original.id}.yaml`;
  const raw = { ...(translatedFile(locale, `services/${original.id}.yaml`) as object), id: original.id };
  const service = parsed(serviceSchema, fillKnownDeep(raw, counts()), file);
  const page = service.page;
  if (!page) throw new Error(`${file}: falta el bloque page`);
  const copy = localizeLinks(page, locale);
  const path = localizedHref(service.link, locale);
  const site = siteOf(request);
  const crumbs = [
    { name: t(locale, 'nav', 'services'), path: localizedHref(SERVICES_SECTION, locale) },
    { name: service.title, path },
  ];
  return {
    service,
    copy,
    site,
    path,
    url: absoluteUrl(path, site),
    crumbs,
    seo: { preset: seoPreset(copy.seo, path, { file, field: 'page.seo' }) },
  };
}

/**
 * A collection entry with its prose in `locale` (a team member's role and bio): facts, images included,
 * stay the entry's own, so a portrait keeps its optimised image.
 */
export function localizedEntry<E extends { data: object }>(entry: E, locale: string, file: string): E {
  if (locale === DEFAULT_LOCALE) return entry;
  const translated = localizeLinks(translatedFile(locale, file), locale) as Record<string, unknown>;
  const prose = Object.fromEntries(Object.entries(translated).filter(([key, value]) => hasProse({ [key]: value })));
  return { ...entry, data: { ...entry.data, ...prose } };
}

/** The headline figures of a group of content/stats.yaml in `locale`. */
export function localizedStats(locale: string, group: string): Array<{ value: string; label: string }> {
  const stats = translatedFile(locale, 'stats.yaml') as Record<
    string,
    { items: Array<{ value: string; label: string }> }
  >;
  const found = stats[group];
  if (!found) throw new Error(`Falta el grupo ${group} en content/${locale}/stats.yaml`);
  return found.items;
}

/** The opening hours as the contact channels print them, in `locale`. */
export function supportHoursText(locale: string): string {
  if (locale === DEFAULT_LOCALE) return CONTACT.supportHours;
  const { opens, closes } = loadContentFacts().contact.supportHours;
  return t(locale, 'footer', 'supportHours', { abre: opens.replace(/^0/, ''), cierra: closes.replace(/^0/, '') });
}
