/**
 * A page's SEO preset: the texts its content file gives (the `seo:` block of its page, service or wiki
 * file) joined to the page's canonical path. `resolveSeo` turns a preset, plus whatever the page overrides
 * (a case its own title, a wiki page its title and description), into every head value.
 */
import type { SeoCopy } from '../../schemas/seo.ts';
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from '../../schemas/seo.ts';

export interface SeoPreset {
  /** Path of the page the preset belongs to; `null` for pages without a canonical route (404). */
  path: string | null;
  /** Document title without the brand suffix. */
  title: string;
  /** Meta description, 50-160 characters. */
  description: string;
  keywords: readonly string[];
  /** Social title when it should differ from the document one. */
  ogTitle?: string | undefined;
  /** Pages that must stay out of search results. */
  noindex?: boolean;
}

/**
 * The preset of a page from its `seo:` block, once placeholders such as `{Casos}` are filled. The schema
 * checked the lengths of what the editor wrote; a filled placeholder can change them, so they are checked
 * again here and a failure names the file and the field, like any content error.
 */
export function seoPreset(
  copy: SeoCopy,
  path: string | null,
  source: { file: string; field?: string; noindex?: boolean },
): SeoPreset {
  const { file, field = 'seo', noindex = false } = source;
  const problems: string[] = [];
  const { length: described } = copy.description;
  if (described < SEO_DESCRIPTION_MIN || described > SEO_DESCRIPTION_MAX) {
    problems.push(
      `${field}.description: mide ${described} caracteres; se esperan entre ${SEO_DESCRIPTION_MIN} y ${SEO_DESCRIPTION_MAX}`,
    );
  }
  if (copy.title.length > SEO_TITLE_MAX)
    problems.push(`${field}.title: mide ${copy.title.length} caracteres; máximo ${SEO_TITLE_MAX}`);
  if (problems.length > 0)
    throw new Error(`${file} (con sus {marcadores} ya sustituidos):\n  ${problems.join('\n  ')}`);
  return {
    path,
    title: copy.title,
    description: copy.description,
    keywords: copy.keywords,
    ogTitle: copy.ogTitle,
    ...(noindex ? { noindex: true } : {}),
  };
}
