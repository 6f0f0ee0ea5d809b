/**
 * The portfolio's cases in a language: the Spanish collection's entries (facts, optimised covers, order)
 * with, in another language, their texts from `content/<code>/portfolio/<id>.md` (core/i18n has already
 * checked that every text is there), held to the same limits as the original; each with its address in
 * that language and the story below its front matter, rendered by Astro's Markdown.
 */
import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';
import { portfolioCasePath } from '../../../core/routes.ts';
import { oncePerBuild } from '../once-per-build.ts';
import { byOrder } from '../portfolio-cases.ts';
import { translatedCaseSchema } from '../../schemas/portfolio.ts';
import { translatedFile } from './page.ts';
import { DEFAULT_LOCALE, localizedHref } from './routes.ts';

export interface LocalizedCase {
  id: string;
  data: CollectionEntry<'portfolio'>['data'];
  /** The case's address in the language. */
  href: string;
  /** Whether the case tells a story below its front matter. */
  hasStory: boolean;
}

function translatedCase(entry: CollectionEntry<'portfolio'>, locale: string): LocalizedCase['data'] {
  const file = `content/${locale}/portfolio/${entry.id}.md`;
  const result = translatedCaseSchema.safeParse(translatedFile(locale, `portfolio/${entry.id}.md`));
  if (!result.success)
    throw new Error(
      `${file}: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  const { body: _story, image: _path, ...texts } = result.data;
  return { ...entry.data, ...texts };
}

/**
 * Every case in display order, its texts in `locale`. Once per build: each case page lists them all (its
 * neighbours), which at a grown portfolio read every translated case again for every case page.
 */
export const casesIn = oncePerBuild(async (locale: string): Promise<LocalizedCase[]> =>
  byOrder(await getCollection('portfolio')).map((entry) => ({
    id: entry.id,
    data: locale === DEFAULT_LOCALE ? entry.data : translatedCase(entry, locale),
    href: localizedHref(portfolioCasePath(entry.id), locale),
    hasStory: Boolean(entry.body?.trim()),
  })),
);

/** The story of a case in `locale`, ready to render (`<Content />`). */
export async function caseStory(id: string, locale: string): Promise<Awaited<ReturnType<typeof render>>> {
  const entry =
    locale === DEFAULT_LOCALE
      ? await getEntry('portfolio', id)
      : await getEntry('portfolioTranslations', `${locale}/portfolio/${id}`);
  if (!entry) throw new Error(`Falta content/${locale === DEFAULT_LOCALE ? '' : `${locale}/`}portfolio/${id}.md`);
  return render(entry);
}
