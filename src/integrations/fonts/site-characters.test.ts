import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_CHARACTERS, CODE_ONLY_SYMBOLS, codePointsOf, decodeEscapes, siteCharacters } from './site-characters.ts';

/** Folders made by a test, removed after it whatever happens. */
const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}

const chars = (points: Set<number>) => [...points].map((code) => String.fromCodePoint(code));

describe('decodeEscapes', () => {
  it('decodes HTML entities, numeric references and JavaScript and CSS escapes', () => {
    expect(decodeEscapes('9:00&nbsp;h &mdash; &#233; &#xF1; \\u00bf \\u{2026} \\2192 ')).toBe(
      '9:00\u00a0h — é ñ ¿ … →',
    );
  });

  it('leaves unknown entities and out-of-range references harmless', () => {
    expect(decodeEscapes('&desconocida; &#9999999; &#x110000;')).toBe('&desconocida;  ');
  });
});

describe('codePointsOf', () => {
  it('adds both cases of every letter, as text-transform may show them', () => {
    expect(chars(codePointsOf('ñá'))).toEqual(expect.arrayContaining(['ñ', 'Ñ', 'á', 'Á']));
  });

  it('leaves control characters out', () => {
    expect(codePointsOf('a\u0000\u0007\u0085\n\tb')).toEqual(new Set([0x61, 0x41, 0x62, 0x42]));
  });
});

describe('siteCharacters', () => {
  it('has the Spanish letters and signs and the no-break spaces, but not the code symbols', () => {
    const base = codePointsOf(BASE_CHARACTERS);
    for (const char of 'ñÑáéíóúÁÉÍÓÚüÜ¿¡«»“”‘’–—…\u00a0\u202f@<>=#&*+_|')
      expect(base.has(char.codePointAt(0) as number), char).toBe(true);
    for (const char of CODE_ONLY_SYMBOLS) expect(base.has(char.codePointAt(0) as number), char).toBe(false);
  });

  it('has the list bullet, which Chrome measures with the text font on any page with a list', () => {
    // Without it a slow first layout fetched the whole "rest" file (a flaky page-weight failure in CI).
    expect(codePointsOf(BASE_CHARACTERS).has(0x2022)).toBe(true);
  });

  it('adds what the copy writes beyond ASCII, and skips tests, excluded folders and binary files', () => {
    const root = temporaryFolder('angram-chars-');
    mkdirSync(join(root, 'content', 'wiki'), { recursive: true });
    mkdirSync(join(root, 'src', 'integrations'), { recursive: true });
    writeFileSync(join(root, 'content', 'wiki', 'page.mdx'), 'Pingüino → ½ y ©');
    writeFileSync(join(root, 'content', 'nota.yaml'), 'precio: 5&nbsp;000&euro;');
    writeFileSync(join(root, 'src', 'page.test.ts'), "expect('😀 Ж')");
    writeFileSync(join(root, 'src', 'integrations', 'build.ts'), "const table = { ø: 'Ø' };");
    writeFileSync(join(root, 'content', 'cover.webp'), 'Ω');
    const { codePoints, files } = siteCharacters(root, ['content', 'src'], ['src/integrations']);
    expect(files).toBe(2);
    expect(chars(codePoints)).toEqual(expect.arrayContaining(['→', '½', '©', '€']));
    for (const absent of ['😀', 'Ж', 'ø', 'Ø', 'Ω', '[']) expect(chars(codePoints)).not.toContain(absent);
  });

  it('keeps each file’s characters by the hash of its text, and counts an edited file anew', () => {
    const root = temporaryFolder('angram-chars-cache-');
    mkdirSync(join(root, 'content'));
    const page = join(root, 'content', 'precios.md');
    const cacheFile = join(root, 'caracteres.json');
    writeFileSync(page, 'Desde 5 000 € al mes');
    expect(chars(siteCharacters(root, ['content'], [], cacheFile).codePoints)).toContain('€');

    // The next build believes what was kept for the same text: the file is not decoded again.
    const [[key] = []] = JSON.parse(readFileSync(cacheFile, 'utf8')) as Array<[string, number[]]>;
    writeFileSync(cacheFile, JSON.stringify([[key, ['Ω'.codePointAt(0)]]]));
    expect(chars(siteCharacters(root, ['content'], [], cacheFile).codePoints)).toContain('Ω');

    // An edit changes the hash: its characters are read from the text, and only current texts stay kept.
    writeFileSync(page, 'Desde 250 £ al mes');
    const edited = chars(siteCharacters(root, ['content'], [], cacheFile).codePoints);
    expect(edited).toContain('£');
    expect(edited).not.toContain('Ω');
    expect(JSON.parse(readFileSync(cacheFile, 'utf8'))).toHaveLength(1);
  });

  it('survives a missing folder', () => {
    expect(siteCharacters(tmpdir(), [`no-existe-${Date.now()}`]).files).toBe(0);
  });
});
