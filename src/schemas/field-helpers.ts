/**
 * Building blocks for the content schemas. Content editors read these messages in the build output
 * (Astro prints `**collection → entry** … **field**: message` with the file's path), so every message
 * says in Spanish what the field expects and, for an unknown key, which keys exist.
 */
import { z } from 'astro/zod';

/** Non-empty trimmed text. `what` completes sentences like "Falta el título del caso." */
export function text(what: string, limits: { min?: number; max?: number } = {}) {
  const min = limits.min ?? 1;
  let schema = z
    .string({ error: (issue) => (issue.input === undefined ? `Falta ${what}.` : `${capitalize(what)} debe ser texto.`) })
    .trim()
    .min(min, min === 1 ? `${capitalize(what)} no puede estar vacío.` : `${capitalize(what)} debe tener al menos ${min} caracteres.`);
  if (limits.max !== undefined) {
    schema = schema.max(limits.max, `${capitalize(what)} debe tener como máximo ${limits.max} caracteres.`);
  }
  return schema;
}

/** A list with a fixed range of items; `what` names the items in plural ("las tecnologías"). */
export function list<T extends z.ZodType>(item: T, what: string, count: { min: number; max: number }) {
  const range = count.min === count.max ? `exactamente ${count.min}` : `entre ${count.min} y ${count.max}`;
  return z
    .array(item, {
      error: (issue) => (issue.input === undefined ? `Falta la lista de ${what}.` : `${capitalize(what)} deben ser una lista (una línea con «- » por elemento).`),
    })
    .min(count.min, `Escribe ${range} elementos en ${what}.`)
    .max(count.max, `Escribe ${range} elementos en ${what}.`);
}

/** Whole number within a range. */
export function integer(what: string, min: number, max?: number) {
  const range = max === undefined ? `mayor o igual a ${min}` : `entre ${min} y ${max}`;
  const base = z
    .number({ error: (issue) => (issue.input === undefined ? `Falta ${what}.` : `${capitalize(what)} debe ser un número ${range}.`) })
    .int(`${capitalize(what)} debe ser un número entero.`)
    .min(min, `${capitalize(what)} debe ser un número ${range}.`);
  return max === undefined ? base : base.max(max, `${capitalize(what)} debe ser un número ${range}.`);
}

/** Strict true/false. YAML needs `true` or `false` without quotes. */
export function flag(what: string) {
  return z.boolean({ error: (issue) => (issue.input === undefined ? `Falta ${what} (true o false).` : `${capitalize(what)} debe ser true o false, sin comillas.`) });
}

/** One of a fixed set of values. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? `Falta ${what}. Valores posibles: ${values.join(', ')}.`
        : `${capitalize(what)} debe ser uno de: ${values.join(', ')} (recibido: ${JSON.stringify(issue.input)}).`,
  });
}

/**
 * An object that rejects unknown keys, so a typo such as `subtitel:` fails instead of being dropped.
 * `z.strictObject` reports unknown keys at the object's level (Astro prints an empty field name), so
 * every extra key is checked by a catch-all that always fails: the issue carries the key as its path.
 */
export function entry<S extends z.ZodRawShape>(shape: S, what = 'la entrada') {
  const known = Object.keys(shape).join(', ');
  const unknownKey = z.unknown().refine(() => false, {
    error: `Campo desconocido en ${what}; revisa la ortografía. Campos válidos: ${known}.`,
  });
  const schema = z
    .object(shape, {
      error: (issue) => (issue.input === undefined ? `Falta ${what}.` : `${capitalize(what)} debe tener los campos: ${known}.`),
    })
    .catchall(unknownKey);
  // Parsing fails on any key outside `shape`, so a parsed value has exactly the strict object's type.
  return schema as unknown as ReturnType<typeof z.strictObject<S>>;
}

function capitalize(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
