/**
 * What an interface string says now in each language: the catalogue the site was built from
 * (`content/i18n/`), with the inbox's edits over it; and which edits the site may take. An edit must read as
 * the catalogue's own text would (same length limits, the same `{placeholders}` as the default language's
 * text, one line, no invisible formatting), so no edit can leave a page with braces, a broken layout or a
 * line that reads backwards.
 */
import { placeholderProblem, type Catalogue } from '../../core/i18n/catalogue.ts';
import { INVISIBLE_FORMATTING, LINE_BREAK_OR_CONTROL, hasLoneSurrogate } from '../../core/forms/fields.ts';
import type { Translations } from '../../core/i18n/load.ts';
import type { CurrentEdits, TranslationEdit } from './store.ts';

/** Longest text a key may hold, as in the catalogue files. */
export const MAX_TEXT_LENGTH = 400;

export interface KeyTexts {
  /** `group.key`. */
  key: string;
  /** Locale → the text shown now. */
  texts: Map<string, string>;
  /** Locale → the text of the build (the content file). */
  built: Map<string, string>;
  /** Locale → its latest edit, when edited in the inbox. */
  edits: Map<string, TranslationEdit>;
  /** Locales whose text was written against an older text of the default language. */
  outdated: Set<string>;
}

function fileText(catalogue: Catalogue | undefined, key: string): string | undefined {
  const dot = key.indexOf('.');
  return catalogue?.[key.slice(0, dot)]?.[key.slice(dot + 1)];
}

/** Every key of the default language's catalogue, with its texts in each active language. */
export function keyTexts(translations: Translations, edits: CurrentEdits): KeyTexts[] {
  const source = translations.catalogues.get(translations.defaultCode) ?? {};
  const keys = Object.entries(source).flatMap(([group, entries]) => Object.keys(entries).map((k) => `${group}.${k}`));
  return keys.map((key) => {
    const texts = new Map<string, string>();
    const built = new Map<string, string>();
    const keyEdits = new Map<string, TranslationEdit>();
    for (const language of translations.active) {
      const file = fileText(translations.catalogues.get(language.code), key) ?? '';
      const edit = edits.get(language.code)?.get(key);
      built.set(language.code, file);
      texts.set(language.code, edit?.text ?? file);
      if (edit) keyEdits.set(language.code, edit);
    }
    const original = texts.get(translations.defaultCode) ?? '';
    const originalEdit = keyEdits.get(translations.defaultCode);
    const outdated = new Set<string>();
    for (const language of translations.active) {
      if (language.code === translations.defaultCode) continue;
      const edit = keyEdits.get(language.code);
      // Written against another original, or the original was edited after this translation was last touched.
      const stale = edit ? edit.sourceText !== original : originalEdit !== undefined;
      if (stale) outdated.add(language.code);
    }
    return { key, texts, built, edits: keyEdits, outdated };
  });
}

/** Locale → key → edited text, for the keys whose text differs from the build's. */
export function changedTexts(all: readonly KeyTexts[]): Map<string, Map<string, string>> {
  const changed = new Map<string, Map<string, string>>();
  for (const entry of all)
    for (const [locale, text] of entry.texts) {
      if (text === entry.built.get(locale)) continue;
      const keys = changed.get(locale) ?? new Map<string, string>();
      keys.set(entry.key, text);
      changed.set(locale, keys);
    }
  return changed;
}

export type EditVerdict = { ok: true; text: string } | { ok: false; message: string };

/** The edit as it will be stored (trimmed), or why it is refused, in Spanish. */
export function judgeEdit(original: string, proposed: string): EditVerdict {
  const text = proposed.trim();
  if (text === '') return { ok: false, message: 'El texto no puede quedar vacío.' };
  if (text.length > MAX_TEXT_LENGTH)
    return { ok: false, message: `El texto es demasiado largo: máximo ${MAX_TEXT_LENGTH} caracteres.` };
  if (LINE_BREAK_OR_CONTROL.test(text) || hasLoneSurrogate(text))
    return { ok: false, message: 'El texto debe ir en una sola línea, sin caracteres de control.' };
  if (INVISIBLE_FORMATTING.test(text))
    return {
      ok: false,
      message: 'El texto lleva caracteres invisibles (de dirección, de ancho cero o guiones suaves): quítalos.',
    };
  const placeholders = placeholderProblem(original, text);
  if (placeholders) return { ok: false, message: `${placeholders}.` };
  return { ok: true, text };
}
