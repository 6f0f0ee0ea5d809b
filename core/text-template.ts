/**
 * Fills `{name}` placeholders in copy written by content editors ("Calificación: {rating} de {max}").
 * A placeholder without a value throws, so a typo in the YAML fails the build instead of showing braces.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`El texto "${template}" usa {${name}}, que no tiene valor`);
    return String(value);
  });
}

/**
 * Fills only the placeholders `values` names and leaves any other (`{rating}`) for the code that knows
 * its value, so facts known to every page (how many cases there are) can go into any text.
 */
export function fillKnown(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}

/** `fillKnown` over every string of a parsed content entry (objects and lists are copied, other values kept). */
export function fillKnownDeep<T>(value: T, values: Readonly<Record<string, string | number>>): T {
  if (typeof value === 'string') return fillKnown(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillKnownDeep(item, values)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillKnownDeep(item, values)])) as T;
  }
  return value;
}
