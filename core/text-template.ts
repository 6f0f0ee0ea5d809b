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
