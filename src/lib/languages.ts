/**
 * Languages as the site shows them: from an ISO 639 code, the Spanish (es-MX) name, the name in the
 * language itself and its writing direction, all from the runtime's CLDR data (Intl), so content lists
 * only codes and no name is ever typed twice or misspelt.
 */
export interface Language {
  code: string;
  /** "Árabe". */
  name: string;
  /** "العربية", to be marked up with `lang={code}` and `dir`. */
  native: string;
  dir: 'ltr' | 'rtl';
}

const SPANISH = new Intl.DisplayNames(['es-MX'], { type: 'language', fallback: 'none' });

function capitalise(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** True for a plain language code (`es`, `pt`, `zh`) that CLDR names. */
export function isLanguageCode(code: string): boolean {
  if (!/^[a-z]{2,3}$/.test(code)) return false;
  return SPANISH.of(code) !== undefined;
}

function displayName(code: string, inLocale: string): string {
  if (inLocale === 'es-MX') return SPANISH.of(code) ?? code;
  return new Intl.DisplayNames([inLocale], { type: 'language', fallback: 'code' }).of(code) ?? code;
}

/** The writing direction of a language (Arabic, Hebrew, Persian, Urdu read right to left). */
function direction(code: string): 'ltr' | 'rtl' {
  return new Intl.Locale(code).getTextInfo().direction === 'rtl' ? 'rtl' : 'ltr';
}

/** `inLocale`: the language the page is written in, which names the others ("Árabe", "Arabic"). */
export function language(code: string, inLocale = 'es-MX'): Language {
  if (!isLanguageCode(code))
    throw new Error(`"${code}" no es un código de idioma ISO 639 (por ejemplo "es", "en", "ja")`);
  const native = new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code) ?? code;
  return {
    code,
    name: capitalise(displayName(code, inLocale), inLocale),
    native: capitalise(native, code),
    dir: direction(code),
  };
}
