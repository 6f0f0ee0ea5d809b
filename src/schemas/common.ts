/**
 * Building blocks shared by the content schemas. Every message is in Spanish and says what is expected:
 * Astro prints it after the field's path and the file's name when `astro sync` or `astro build` fails.
 */
import { z } from 'astro/zod';

const TYPE_NAMES: Record<string, string> = { string: 'texto', number: 'un número', boolean: 'sí/no', object: 'un bloque' };

/** What the editor wrote instead, in words. */
function describe(input: unknown): string {
  if (input === null) return 'un valor vacío';
  if (Array.isArray(input)) return 'una lista';
  return TYPE_NAMES[typeof input] ?? typeof input;
}

/** Non-empty text. `what` completes "Se espera …" (e.g. "un título"). */
export function text(what = 'un texto') {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `Falta este campo: se espera ${what}` : `Se espera ${what}, no ${describe(issue.input)}`,
    })
    .trim()
    .min(1, `No puede quedar vacío: se espera ${what}`);
}

/** Text with a ceiling, for card copy that must fit its box. */
export function shortText(max: number, what = 'un texto') {
  return text(what).max(max, `Demasiado largo: máximo ${max} caracteres`);
}

/** A list with a fixed range of lengths (or an exact one when `min === max`). */
export function list<T extends z.ZodType>(item: T, min: number, max: number = Number.POSITIVE_INFINITY) {
  const expected = min === max ? `exactamente ${min}` : Number.isFinite(max) ? `entre ${min} y ${max}` : `al menos ${min}`;
  return z
    .array(item, {
      error: (issue) =>
        issue.input === undefined ? `Falta esta lista (${expected} elementos)` : `Se espera una lista de ${expected} elementos`,
    })
    .min(min, `Se esperan ${expected} elementos`)
    .max(max, `Se esperan ${expected} elementos`);
}

/** An object whose keys are all known: a typo in a key fails instead of being silently ignored. */
export function strict<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const known = Object.keys(shape).join(', ');
        return `Campo desconocido ${issue.keys.map((key) => `"${key}"`).join(', ')}: los campos válidos son ${known}`;
      }
      if (issue.input === undefined) return 'Falta este bloque';
      return `Se espera un bloque con campos (${Object.keys(shape).join(', ')}), no ${describe(issue.input)}`;
    },
  });
}

/** One value out of a fixed list. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, what = 'un valor') {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? `Falta este campo: se espera ${what} (${values.join(', ')})`
        : `"${String(issue.input)}" no es válido: se espera ${what} (${values.join(', ')})`,
  });
}

/** A whole number in a range. */
export function whole(min: number, max: number, what = 'un número entero') {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined ? `Falta este campo: se espera ${what}` : `Se espera ${what}, no ${describe(issue.input)}`,
    })
    .int(`Se espera ${what} sin decimales`)
    .min(min, `Se espera ${what} de ${min} a ${max}`)
    .max(max, `Se espera ${what} de ${min} a ${max}`);
}

/** A link inside the site (`/ruta`, `/ruta#ancla` or `#ancla`); the site never links out from content. */
export const internalHref = z
  .string({ error: 'Se espera un enlace interno como "/contacto" o "#formulario"' })
  .regex(/^(\/[a-z0-9\-/]*(#[a-z0-9-]+)?|#[a-z0-9-]+)$/, 'Se espera un enlace interno como "/contacto", "/#servicios" o "#formulario" (minúsculas, sin dominio)');

/** A button or link: visible label and where it goes. */
export const action = strict({ label: shortText(40, 'el texto del botón'), href: internalHref });

/** A question with its answer (FAQ categories and service pages). */
export const questionAnswer = strict({ question: text('la pregunta'), answer: text('la respuesta') });

/** kebab-case identifiers, used for section keys and anchors. */
export const kebabId = z
  .string({ error: 'Se espera un identificador' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Se espera un identificador en minúsculas con guiones, como "por-que-nosotros"');
