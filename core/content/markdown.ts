/**
 * A Markdown content file (`content/portfolio/<id>.md`) as data: its front matter's fields plus its text
 * below as `body`, the way the translation check compares a case with its translation. The body is left
 * out when the file has none, so a translation is not asked for a text the original does not have.
 */
import { z } from 'zod';
import { ContentError, parseContent } from './parse.ts';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n([\s\S]*))?$/;

/** The key the Markdown text below the front matter is read under. */
export const MARKDOWN_BODY = 'body';

export function parseMarkdown(file: string, text: string): Record<string, unknown> {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new ContentError(`${file}: falta el encabezado entre dos líneas "---" al principio del archivo`);
  const data = parseContent(file, match[1] ?? '', z.record(z.string(), z.unknown()));
  const body = (match[2] ?? '').trim();
  if (MARKDOWN_BODY in data)
    throw new ContentError(`${file}: el encabezado no puede tener un campo "${MARKDOWN_BODY}"`);
  return body ? { ...data, [MARKDOWN_BODY]: body } : data;
}
