/**
 * The languages of the site (`content/languages.yaml`): the specification's `code`, `name`, `is_active` and
 * `is_default`. The default language keeps the unprefixed URLs and the files at the root of `content/`; every
 * other active language gets its URL prefix, its catalogue and its folder of long-form content. An inactive
 * language is read (so its catalogue may be half done) but neither built, listed nor served.
 */
import { z } from 'zod';
import { flag, list, strict, text } from '../content/common.ts';

export const LANGUAGES_FILE = 'content/languages.yaml';

/** A BCP 47 tag the runtime's Intl accepts as written (`es-MX`, `en`, `pt-BR`). */
const languageTag = z.string({ error: 'Se espera una etiqueta de idioma como es-MX, en o pt-BR' }).refine(
  (value) => {
    try {
      return Intl.getCanonicalLocales(value)[0] === value;
    } catch {
      return false;
    }
  },
  { error: (issue) => `"${String(issue.input)}" no es una etiqueta de idioma: se espera una como es-MX, en o pt-BR` },
);

const languageSchema = strict({
  code: languageTag,
  name: text('el nombre del idioma en ese idioma', { max: 40 }),
  is_active: flag('¿se construye y se publica?'),
  is_default: flag('¿es el idioma de las direcciones sin prefijo?'),
});

export type Language = z.output<typeof languageSchema>;

export const languagesSchema = list(languageSchema, 1).superRefine((languages, context) => {
  const defaults = languages.filter((language) => language.is_default);
  if (defaults.length !== 1)
    context.addIssue({
      code: 'custom',
      message: `Se espera exactamente un idioma con is_default: true, no ${defaults.length}`,
    });
  languages.forEach((language, index) => {
    if (language.is_default && !language.is_active)
      context.addIssue({
        code: 'custom',
        path: [index, 'is_active'],
        message: 'El idioma principal no se puede desactivar: sus direcciones son las del sitio',
      });
    if (languages.findIndex((other) => other.code === language.code) !== index)
      context.addIssue({ code: 'custom', path: [index, 'code'], message: `"${language.code}" ya está en la lista` });
  });
});

/** The default language (the schema guarantees exactly one). */
export function defaultLanguage(languages: readonly Language[]): Language {
  const found = languages.find((language) => language.is_default);
  if (!found) throw new Error('languages.yaml sin idioma principal');
  return found;
}

/** The languages that are built, listed and served: the default first, then in the file's order. */
export function activeLanguages(languages: readonly Language[]): Language[] {
  return languages.filter((language) => language.is_active).sort((a, b) => Number(b.is_default) - Number(a.is_default));
}
