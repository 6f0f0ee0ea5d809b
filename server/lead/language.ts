/**
 * A lead's language as the team reads it, in Spanish ("inglés", "español (México)"), from its stored code.
 * A lead stored before the site had a second language has none: it arrived in the default one.
 */
import { SITE } from '../../core/site.ts';

const names = new Intl.DisplayNames(SITE.locale, { type: 'language' });

export function leadLanguageName(code: string | undefined): string {
  const tag = code ?? SITE.locale;
  try {
    return names.of(tag) ?? tag;
  } catch {
    // A stored value that is not a language tag is shown as it is.
    return tag;
  }
}
