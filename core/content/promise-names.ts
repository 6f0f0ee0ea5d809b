/**
 * The names of the placeholders content/promises.yaml fills (core/content/promises.ts). Their values are
 * Spanish phrases ("24 horas después de la reunión"), so a translation states the promise in its own words
 * instead of quoting them. No file access here: the translation checks import it.
 */
export const PROMISE_NAMES = [
  'plazoPropuesta',
  'horasPropuesta',
  'formatoReunion',
  'diasReunion',
  'plazoReunion',
  'horasReunion',
  'monedaPrecios',
  'semanasDesarrollo',
] as const;

/** A promise placeholder: one of the fixed names, or a project's weeks (`semanasEcommerce`). */
export function isPromisePlaceholder(name: string): boolean {
  return (PROMISE_NAMES as readonly string[]).includes(name) || /^semanas[A-Z]/.test(name);
}
