/** A Markdown content file read as data: front matter fields, the text below as `body`, errors in Spanish. */
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './markdown.ts';
import { ContentError } from './parse.ts';

describe('parseMarkdown', () => {
  it('gives the front matter and the text below it, trimmed, as body', () => {
    expect(parseMarkdown('caso.md', '---\ntitle: Caso\nyear: 2024\n---\n\nPrimer párrafo.\n\nSegundo.\n')).toEqual({
      title: 'Caso',
      year: 2024,
      body: 'Primer párrafo.\n\nSegundo.',
    });
  });

  it('leaves body out when the file has no text below, with or without a last line break', () => {
    expect(parseMarkdown('caso.md', '---\ntitle: Caso\n---\n')).toEqual({ title: 'Caso' });
    expect(parseMarkdown('caso.md', '---\r\ntitle: Caso\r\n---')).toEqual({ title: 'Caso' });
  });

  it('names the file when the front matter is missing, not YAML, not a map or has a body field', () => {
    const failure = (text: string) => {
      try {
        parseMarkdown('content/en/portfolio/caso.md', text);
      } catch (error) {
        if (error instanceof ContentError) return error.message;
        throw error;
      }
      throw new Error('se esperaba un error');
    };
    expect(failure('Solo texto')).toContain('content/en/portfolio/caso.md: falta el encabezado');
    expect(failure('---\ntitle: [sin cerrar\n---\n')).toMatch(/content\/en\/portfolio\/caso\.md no es YAML válido/);
    expect(failure('---\n- una lista\n---\n')).toContain('content/en/portfolio/caso.md tiene errores');
    expect(failure('---\nbody: texto\n---\n')).toContain('no puede tener un campo "body"');
  });
});
