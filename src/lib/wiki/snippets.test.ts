import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appearsIn, quotedSnippets } from './snippets.ts';

const pages = readdirSync('content/wiki').filter((name) => name.endsWith('.mdx'));
const snippets = pages.flatMap((name) =>
  quotedSnippets(`content/wiki/${name}`, readFileSync(`content/wiki/${name}`, 'utf8')),
);

describe('quotedSnippets', () => {
  it('finds fences with file= at any indentation and strips that indentation', () => {
    const mdx = [
      'Texto',
      '```ts file=src/a.ts',
      'const a = 1;',
      '```',
      '',
      '1. Paso',
      '   ```bash file=scripts/b.sh',
      '   echo hola',
      '     sangría',
      '   ```',
      '```ts',
      'no cuenta',
      '```',
    ].join('\n');
    expect(quotedSnippets('p.mdx', mdx)).toEqual([
      { page: 'p.mdx', file: 'src/a.ts', lines: ['const a = 1;'] },
      { page: 'p.mdx', file: 'scripts/b.sh', lines: ['echo hola', '  sangría'] },
    ]);
  });

  it('matches consecutive lines regardless of indentation, and nothing else', () => {
    const source = 'function f() {\n  const a = 1;\n  return a;\n}\n';
    expect(appearsIn(['const a = 1;', 'return a;'], source)).toBe(true);
    expect(appearsIn(['return a;', 'const a = 1;'], source)).toBe(false);
    expect(appearsIn(['const a = 2;'], source)).toBe(false);
    expect(appearsIn([], source)).toBe(false);
  });
});

describe('code quoted by the wiki', () => {
  it('quotes real files in at least ten places', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(10);
  });

  // A quoted file that was moved or removed fails here: the wiki must follow the code.
  for (const snippet of snippets) {
    it(`${snippet.page} cita ${snippet.file}`, () => {
      expect(existsSync(snippet.file), `${snippet.file} no existe`).toBe(true);
      expect(
        appearsIn(snippet.lines, readFileSync(snippet.file, 'utf8')),
        'el código citado ya no coincide con el archivo',
      ).toBe(true);
    });
  }
});
