/**
 * Interface strings (`content/i18n/<code>.yaml`): one catalogue per language, by `group` then `key`, the
 * specification's translation model. The default language's catalogue says which keys exist; every active
 * language must have each of them, keep the same `{placeholders}` and add no key of its own, so a page never
 * shows a key, a Spanish word in an English sentence, or braces.
 */
import { z } from 'zod';
import { placeholdersOf, text } from '../content/common.ts';
import { isPromisePlaceholder } from '../content/promise-names.ts';

export const I18N_DIR = 'content/i18n';

export function catalogueFile(code: string): string {
  return `${I18N_DIR}/${code}.yaml`;
}

const identifier = /^[a-z][a-zA-Z0-9]*$/;
const idMessage = 'Se espera un nombre en minúsculas sin espacios ni guiones, como forms o submitLabel';

const keysSchema = z.record(z.string().regex(identifier, idMessage), text('el texto de la clave', { max: 400 }), {
  error: 'Se espera un bloque de claves con su texto (clave: texto)',
});

export const catalogueSchema = z.record(z.string().regex(identifier, idMessage), keysSchema, {
  error: 'Se espera un bloque por grupo (nav:, forms:…) con sus claves',
});

/** Group → key → text. */
export type Catalogue = z.output<typeof catalogueSchema>;

export interface Problem {
  path: string;
  message: string;
}

/** The source's placeholders a translation must repeat: the promises' values are Spanish phrases it words itself. */
function translatable(text: string): string[] {
  return placeholdersOf(text).filter((name) => !isPromisePlaceholder(name));
}

function samePlaceholders(source: string, translation: string): boolean {
  const wanted = [...new Set(translatable(source))].sort();
  const found = [...new Set(placeholdersOf(translation))].sort();
  return wanted.length === found.length && wanted.every((name, index) => name === found[index]);
}

/** A translated text that keeps the source's `{placeholders}`, or the problem with it. */
export function placeholderProblem(source: string, translation: string): string | undefined {
  if (samePlaceholders(source, translation)) return undefined;
  const wanted = translatable(source);
  return wanted.length === 0
    ? 'El original no lleva datos entre llaves: quítalos de la traducción'
    : `La traducción debe llevar los mismos datos entre llaves que el original: {${wanted.join('}, {')}}`;
}

/** What a translation lacks, carries in excess or breaks, against the default language's catalogue. */
export function catalogueProblems(source: Catalogue, translation: Catalogue): Problem[] {
  const problems: Problem[] = [];
  for (const [group, keys] of Object.entries(source)) {
    for (const [key, original] of Object.entries(keys)) {
      const translated = translation[group]?.[key];
      if (translated === undefined) {
        problems.push({ path: `${group}.${key}`, message: `Falta esta traducción (el original dice «${original}»)` });
        continue;
      }
      const placeholders = placeholderProblem(original, translated);
      if (placeholders) problems.push({ path: `${group}.${key}`, message: placeholders });
    }
  }
  for (const [group, keys] of Object.entries(translation)) {
    for (const key of Object.keys(keys)) {
      if (source[group]?.[key] === undefined)
        problems.push({
          path: `${group}.${key}`,
          message: 'Esta clave no existe en el catálogo del idioma principal: agrégala ahí primero o bórrala',
        });
    }
  }
  return problems;
}
