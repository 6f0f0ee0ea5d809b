/**
 * Building blocks of every content schema. Content editors read these messages in the build output:
 * Astro prints `**field.path**: message` under the collection and the entry's file when `astro sync` or
 * `astro build` fails, so each message says in Spanish what the field expects ("Se espera …") and, when
 * the value has the wrong type, what the editor wrote instead. The path already names the field, so the
 * messages do not repeat it.
 *
 * `what` arguments complete "Se espera …": "el título de la tarjeta", "una descripción".
 */
import { z } from 'zod';
import { parseDate } from '../dates.ts';

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'un número',
  boolean: 'sí/no',
  object: 'un bloque',
};

/** What the editor wrote instead, in words. */
function describe(input: unknown): string {
  if (input === null) return 'un valor vacío';
  if (Array.isArray(input)) return 'una lista';
  if (input instanceof Date) return 'una fecha';
  return TYPE_NAMES[typeof input] ?? typeof input;
}

/** The message for a missing field or a value of the wrong type. */
function expected(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined
      ? `Falta este campo: se espera ${what}`
      : `Se espera ${what}, no ${describe(issue.input)}`;
}

/** Trimmed text, never empty; `limits` bound its length in characters after trimming. */
export function text(what: string, limits: { min?: number; max?: number } = {}) {
  const { min = 1, max } = limits;
  // With both bounds, either failure states the whole range, so the editor fixes it in one go.
  const range = max === undefined ? undefined : `entre ${min} y ${max} caracteres`;
  let schema = z
    .string({ error: expected(what) })
    .trim()
    .min(
      min,
      min === 1
        ? `No puede quedar vacío: se espera ${what}`
        : `Demasiado corto: ${range ? `se esperan ${range}` : `mínimo ${min} caracteres`}`,
    );
  if (max !== undefined) {
    schema = schema.max(max, `Demasiado largo: ${min === 1 ? `máximo ${max} caracteres` : `se esperan ${range}`}`);
  }
  return schema;
}

/** A list of `min` to `max` items (exactly `min` when both are equal; no ceiling without `max`). */
export function list<T extends z.ZodType>(item: T, min: number, max = Number.POSITIVE_INFINITY) {
  const count = min === max ? `exactamente ${min}` : Number.isFinite(max) ? `entre ${min} y ${max}` : `al menos ${min}`;
  const schema = z
    .array(item, {
      error: (issue) =>
        issue.input === undefined
          ? `Falta esta lista (${count} elementos)`
          : `Se espera una lista de ${count} elementos (una línea con «- » por elemento), no ${describe(issue.input)}`,
    })
    .min(min, `Se esperan ${count} elementos`);
  return Number.isFinite(max) ? schema.max(max, `Se esperan ${count} elementos`) : schema;
}

/** A whole number from `min` to `max` (no ceiling without `max`). */
export function whole(what: string, min: number, max = Number.POSITIVE_INFINITY) {
  const range = Number.isFinite(max) ? `de ${min} a ${max}` : `de ${min} en adelante`;
  const schema = z
    .number({
      // YAML reads `"2"` and `300%` as text: the editor needs to know the number goes bare.
      error: (issue) =>
        typeof issue.input === 'string'
          ? `Se espera ${what}, no texto: escribe solo el número, sin comillas`
          : expected(what)(issue),
    })
    .int(`Se espera ${what} sin decimales`)
    .min(min, `Se espera ${what} ${range}`);
  // An infinite bound would reach the generated JSON Schema as `null`.
  return Number.isFinite(max) ? schema.max(max, `Se espera ${what} ${range}`) : schema;
}

/** true or false; `what` is the question it answers. YAML reads `"true"` (with quotes) as text, hence the hint. */
export function flag(what: string) {
  return z.boolean({
    error: (issue) =>
      issue.input === undefined
        ? `Falta este campo: se espera true o false (${what})`
        : `Se espera true o false sin comillas (${what}), no ${describe(issue.input)}`,
  });
}

/** One value out of a fixed list; the message lists them all. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, what = 'un valor') {
  const options = `${what} (${values.join(', ')})`;
  return z.enum(values, {
    error: (issue) => {
      if (issue.input === undefined) return `Falta este campo: se espera ${options}`;
      if (typeof issue.input === 'string' || typeof issue.input === 'number')
        return `${JSON.stringify(issue.input)} no es válido: se espera ${options}`;
      return `Se espera ${options}, no ${describe(issue.input)}`;
    },
  });
}

/**
 * An object whose keys are all known, so a typo such as `subtitel:` fails instead of being dropped.
 * `z.strictObject` would report unknown keys on the object itself (Astro then prints the parent's path,
 * or nothing at the top level); here every extra key meets a check that always fails, so its issue
 * carries the key as its path and Astro prints `subtitel: Campo desconocido…`.
 */
export function strict<S extends z.ZodRawShape>(shape: S) {
  const known = Object.keys(shape).join(', ');
  // `not: {}` keeps the JSON Schema Astro generates for editors as strict as the parse (no extra keys).
  const unknownKey = z
    .unknown()
    .refine(() => false, { error: `Campo desconocido: los campos válidos son ${known}` })
    .meta({ not: {} });
  const schema = z
    .object(shape, {
      error: (issue) =>
        issue.input === undefined
          ? 'Falta este bloque'
          : `Se espera un bloque con campos (${known}), no ${describe(issue.input)}`,
    })
    .catchall(unknownKey);
  // Parsing fails on any key outside `shape`, so a parsed value has exactly the strict object's type.
  return schema as unknown as ReturnType<typeof z.strictObject<S>>;
}

/** A link inside the site (`/ruta`, `/ruta#ancla` or `#ancla`); the site never links out from content. */
export const internalHref = z
  .string({ error: expected('un enlace interno como "/contacto" o "#formulario"') })
  .regex(
    /^(\/[a-z0-9\-/]*(#[a-z0-9-]+)?|#[a-z0-9-]+)$/,
    'Se espera un enlace interno como "/contacto", "/#servicios" o "#formulario" (minúsculas, sin dominio)',
  );

/** A button or link: visible label and where it goes. */
export const action = strict({ label: text('el texto del botón', { max: 40 }), href: internalHref });

/** A question with its answer (FAQ categories and service pages). */
export const questionAnswer = strict({ question: text('la pregunta'), answer: text('la respuesta') });

/** kebab-case identifiers, used for section keys and anchors. */
export const kebabId = z
  .string({ error: expected('un identificador') })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Se espera un identificador en minúsculas con guiones, como "por-que-nosotros"');

/**
 * A calendar date, `2026-12-31`. YAML reads a bare date as a date object and a quoted one as text; both are
 * accepted and come out as `YYYY-MM-DD` text (a bare date is midnight UTC, so its UTC day is the day written).
 */
export function calendarDate(what: string) {
  return z
    .union([z.date(), z.string()], { error: expected(`${what}, como 2026-12-31`) })
    .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
    .refine((value) => parseDate(value) !== undefined, {
      error: `Se espera ${what} que exista, escrita como 2026-12-31 (año-mes-día)`,
    });
}

/** The `{name}` placeholders of a text, in order. */
export function placeholdersOf(value: string): string[] {
  return [...value.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/**
 * Text that may quote facts the code fills in (`{correoDatos}`); any other placeholder fails with the list of
 * the valid ones, so a typo never reaches the page as braces.
 */
export function template(what: string, allowed: readonly string[], limits: { max?: number } = {}) {
  return text(what, limits).superRefine((value, context) => {
    const unknown = placeholdersOf(value).filter((name) => !allowed.includes(name));
    if (unknown.length > 0)
      context.addIssue({
        code: 'custom',
        message:
          allowed.length > 0
            ? `{${unknown.join('}, {')}} no es un dato conocido: aquí puedes usar {${allowed.join('}, {')}}`
            : `{${unknown.join('}, {')}} no es un dato conocido: este texto no lleva datos entre llaves`,
      });
  });
}
