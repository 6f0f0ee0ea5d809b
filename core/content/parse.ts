/**
 * Reads one YAML file of editorial facts against its schema, for the code that reads content outside Astro's
 * collections (the API server, scripts, tests). Errors name the file and each wrong field the way Astro's
 * build does, in Spanish, so an editor fixes them the same way wherever they show up.
 */
import yaml from 'js-yaml';
import type { z } from 'zod';

export class ContentError extends Error {
  override name = 'ContentError';
}

/** `budgets[2].range`: the path of an issue as an editor reads it. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
}

export function parseContent<T extends z.ZodType>(file: string, source: string, schema: T): z.output<T> {
  let data: unknown;
  try {
    data = yaml.load(source, { filename: file });
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    const { line, column, snippet } = error.mark;
    throw new ContentError(
      `${file} no es YAML válido, línea ${line + 1}, columna ${column + 1}:\n${error.reason}\n${snippet}`,
    );
  }
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ContentError(
    contentProblems(
      file,
      result.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
    ),
  );
}

/** The message of a file with problems: one `  - field.path: message` line each. */
export function contentProblems(file: string, problems: ReadonlyArray<{ path: string; message: string }>): string {
  const lines = problems.map((problem) => `  - ${problem.path || '(archivo)'}: ${problem.message}`);
  return `${file} tiene errores:\n${lines.join('\n')}`;
}
