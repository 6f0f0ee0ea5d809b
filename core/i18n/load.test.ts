/**
 * The repository's languages, catalogues and translations load; on a copy of content/, each editor mistake
 * fails with one Spanish message naming the file and the key, and an inactive language is not checked.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import { defaultRoot } from '../content/load.ts';
import { ContentError } from '../content/parse.ts';
import { catalogueFile } from './catalogue.ts';
import { LANGUAGES_FILE } from './languages.ts';
import { readTranslations } from './load.ts';

const repository = defaultRoot();

describe('the repository content', () => {
  it('loads every active language, the default first, with a complete catalogue each', () => {
    const translations = readTranslations(repository);
    const declared = yaml.load(readFileSync(join(repository, LANGUAGES_FILE), 'utf8')) as Array<{
      code: string;
      is_active: boolean;
    }>;
    expect(translations.active.map((language) => language.code).sort()).toEqual(
      declared
        .filter((language) => language.is_active)
        .map((language) => language.code)
        .sort(),
    );
    expect(translations.active[0]?.code).toBe(translations.defaultCode);
    const reference = translations.catalogues.get(translations.defaultCode) ?? {};
    for (const language of translations.active) {
      const catalogue = translations.catalogues.get(language.code) ?? {};
      for (const [group, keys] of Object.entries(reference))
        expect(Object.keys(catalogue[group] ?? {}).sort()).toEqual(Object.keys(keys).sort());
      expect([...(translations.content.get(language.code)?.keys() ?? [])]).toEqual([
        ...(translations.content.get(translations.defaultCode)?.keys() ?? []),
      ]);
    }
  });
});

describe('a copy of content/ with mistakes', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'angram-i18n-'));
    // Text only: images and the wiki are not read here.
    cpSync(join(repository, 'content'), join(root, 'content'), {
      recursive: true,
      filter: (source) => !/\.(webp|png|jpe?g|avif|mdx)$/.test(source) && !source.endsWith('/wiki'),
    });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const edit = (file: string, from: string | RegExp, to: string) => {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const changed = text.replace(from, to);
    if (changed === text) throw new Error(`${file} no contiene ${String(from)}`);
    writeFileSync(path, changed);
  };
  const failure = (): string => {
    try {
      readTranslations(root);
    } catch (error) {
      if (error instanceof ContentError) return error.message;
      throw error;
    }
    throw new Error('se esperaba un error');
  };

  it('names the catalogue and the key an active language lacks', () => {
    edit(catalogueFile('en'), /\n {2}backHome: .*/, '');
    expect(failure()).toMatch(
      /content\/i18n\/en\.yaml tiene errores:\n {2}- notFound\.backHome: Falta esta traducción/,
    );
  });

  it('names a key only the translation has, and lost placeholders', () => {
    edit(catalogueFile('en'), 'nav:\n', 'nav:\n  blog: Blog\n');
    edit(catalogueFile('en'), /switchTo: .*/, 'switchTo: View this page in English');
    const message = failure();
    expect(message).toContain('- nav.blog: Esta clave no existe en el catálogo del idioma principal');
    expect(message).toContain('- language.switchTo: La traducción debe llevar los mismos datos entre llaves');
  });

  it('names a missing translated file and a missing text in another', () => {
    unlinkSync(join(root, 'content/en/team/mariana-cruz.yaml'));
    edit('content/en/faq.yaml', /- question: How soon can you start\?\n {6}answer:/, '- answer:');
    const message = failure();
    expect(message).toContain(
      'content/en/team/mariana-cruz.yaml no existe: falta la traducción de content/team/mariana-cruz.yaml',
    );
    expect(message).toMatch(
      /content\/en\/faq\.yaml tiene errores:\n {2}- [\w.[\]-]*questions\[3\]\.question: Falta esta traducción \(el original dice «¿/,
    );
  });

  it('names a missing case study, its missing texts and story, and the facts it must not repeat', () => {
    unlinkSync(join(root, 'content/en/portfolio/healthtech-app.md'));
    const file = 'content/en/portfolio/fintech-revolution.md';
    edit(file, /\nsubtitle: .*/, '');
    edit(file, /\ncategory: (.*)/, '\ncategory: $1\ntech: [Go]');
    edit(file, /\n---\n[\s\S]*$/, '\n---\n');
    const message = failure();
    expect(message).toContain(
      'content/en/portfolio/healthtech-app.md no existe: falta la traducción de content/portfolio/healthtech-app.md',
    );
    expect(message).toContain(`${file} tiene errores:`);
    expect(message).toMatch(/- subtitle: Falta esta traducción \(el original dice «/);
    expect(message).toContain('- tech: Este dato no se traduce: bórralo, se toma del original');
    expect(message).toMatch(/- body: Falta esta traducción \(el original dice «/);
  });

  it('translates the industry and figures of a case, and keeps its technologies and people', () => {
    const translations = readTranslations(root);
    const file = 'portfolio/logistics-platform.md';
    const spanish = translations.content.get(translations.defaultCode)?.get(file) as Record<string, unknown>;
    const english = translations.content.get('en')?.get(file) as Record<string, unknown>;
    expect(english.category).not.toBe(spanish.category);
    expect(english.tech).toEqual(spanish.tech);
    expect(english.client).toMatchObject({ name: (spanish.client as { name: string }).name });
    expect(english.testimonial).toMatchObject({ author: (spanish.testimonial as { author: string }).author });
  });

  it('names a page without an address and an address outside the language prefix', () => {
    edit('content/en/routes.yaml', /\nfaq: .*/, '');
    edit('content/en/routes.yaml', /\ncontact: .*/, '\ncontact: /contact');
    const message = failure();
    expect(message).toContain('content/en/routes.yaml tiene errores:');
    expect(message).toContain('- faq: Falta la dirección de esta página (en español es /faq)');
    expect(message).toContain('- contact: Se espera /en o una dirección que empiece con /en/');
  });

  it('leaves a Spanish file that is not YAML to the build when lenient, and names it when strict', () => {
    edit('content/faq.yaml', /\n {2}title: (.*)/, '\n  title: $1: roto');
    expect(failure()).toMatch(/content\/faq\.yaml no es YAML válido, línea \d+, columna \d+/);
    expect(readTranslations(root, { lenient: true }).content.get('en')?.has('faq.yaml')).toBe(false);
  });

  it('does not check, build or list an inactive language', () => {
    edit(LANGUAGES_FILE, /(code: en\n.*\n {2}is_active:) true/, '$1 false');
    unlinkSync(join(root, catalogueFile('en')));
    const translations = readTranslations(root);
    expect(translations.active.map((language) => language.code)).toEqual([translations.defaultCode]);
    expect(translations.catalogues.has('en')).toBe(false);
  });

  it('refuses a file without a default language or with the default inactive', () => {
    edit(LANGUAGES_FILE, /is_default: true/, 'is_default: false');
    expect(failure()).toContain('Se espera exactamente un idioma con is_default: true, no 0');
  });
});
