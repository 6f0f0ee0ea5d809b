/**
 * Node only: reads the languages, their catalogues and their long-form content from `content/` and checks
 * them, for the site's build (src/integrations/translations.ts), the API (server/api/translations.ts) and
 * scripts. Every problem of every file is gathered into one Spanish error that names the file and the key,
 * so an editor fixes a whole translation in one pass.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { catalogueFile, catalogueProblems, catalogueSchema, type Catalogue, type Problem } from './catalogue.ts';
import { activeLanguages, defaultLanguage, LANGUAGES_FILE, languagesSchema, type Language } from './languages.ts';
import { applyTranslation, hasProse, type FieldRules } from './overlay.ts';
import { defaultRoutes, routeProblems, routesFile, routesSchema, type RouteTable } from './routes.ts';
import { TRANSLATED_SOURCES, translationPath } from './sources.ts';
import { parseMarkdown } from '../content/markdown.ts';
import { ContentError, contentProblems, parseContent } from '../content/parse.ts';

export interface Translations {
  /** Every language of the file, active or not. */
  languages: Language[];
  /** The languages built and served, the default first. */
  active: Language[];
  defaultCode: string;
  /** Catalogues of the active languages, by code. */
  catalogues: Map<string, Catalogue>;
  /** Long-form content of the active languages: code → file under `content/` → its data in that language. */
  content: Map<string, Map<string, unknown>>;
  /** Every page's address in each active language. */
  routes: Map<string, RouteTable>;
  /** How many portfolio cases there are, for texts that quote `{casos}`. */
  caseCount: number;
}

function rootUrl(root: string, file: string): URL {
  return new URL(file, `file://${root.endsWith('/') ? root : `${root}/`}`);
}

/** The content files a source covers, relative to `content/` (`services/ecommerce.yaml`, `portfolio/x.md`). */
function sourceFiles(root: string, path: string): string[] {
  if (!path.endsWith('/')) return [path];
  return readdirSync(rootUrl(root, `content/${path}`))
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.md'))
    .sort()
    .map((name) => `${path}${name}`);
}

/** A YAML file's data, or a Markdown file's front matter with its text as `body`. */
function readYaml(root: string, file: string): unknown {
  const text = readFileSync(rootUrl(root, file), 'utf8');
  return file.endsWith('.md') ? parseMarkdown(file, text) : parseContent(file, text, z.unknown());
}

/** The translated blocks of a file and its facts; blocks of prose not yet translated are left out. */
function pick(data: unknown, blocks: readonly string[] | undefined): unknown {
  if (!blocks || typeof data !== 'object' || data === null) return data;
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).filter(
      ([key, value]) => blocks.includes(key) || !hasProse({ [key]: value }),
    ),
  );
}

/**
 * The default language's file, or undefined when `lenient` and it is not valid YAML: the build's content
 * collections report that one with their own line and column, so this check stays out of the way.
 */
function readOriginal(root: string, file: string, lenient: boolean): unknown {
  try {
    return readYaml(root, `content/${file}`);
  } catch (error) {
    if (lenient && error instanceof ContentError) return undefined;
    throw error;
  }
}

interface TranslatedFile {
  file: string;
  blocks: readonly string[] | undefined;
  fields: FieldRules | undefined;
}

/** Each content file with the blocks it translates, once (the first source that lists it). */
function translatedFiles(root: string): TranslatedFile[] {
  const files = new Map<string, TranslatedFile>();
  for (const source of TRANSLATED_SOURCES)
    for (const file of sourceFiles(root, source.path))
      if (!files.has(file)) files.set(file, { file, blocks: source.blocks, fields: source.fields });
  return [...files.values()];
}

/** One language's long-form content, with the problems of each of its files. */
function translateContent(root: string, code: string, failures: string[], lenient: boolean): Map<string, unknown> {
  const translated = new Map<string, unknown>();
  for (const { file, blocks, fields } of translatedFiles(root)) {
    const source = readOriginal(root, file, lenient);
    if (source === undefined) continue;
    const original = pick(source, blocks);
    const target = translationPath(code, file);
    if (!existsSync(rootUrl(root, target))) {
      failures.push(`${target} no existe: falta la traducción de content/${file}`);
      continue;
    }
    const result = applyTranslation(original, readYaml(root, target), '', undefined, fields);
    if (result.problems.length > 0) failures.push(contentProblems(target, result.problems));
    translated.set(file, result.value);
  }
  return translated;
}

function readCatalogue(root: string, code: string): Catalogue {
  const file = catalogueFile(code);
  if (!existsSync(rootUrl(root, file)))
    throw new ContentError(`${file} no existe: cada idioma activo de ${LANGUAGES_FILE} necesita su catálogo`);
  return parseContent(file, readFileSync(rootUrl(root, file), 'utf8'), catalogueSchema);
}

/**
 * Reads and checks everything; throws one ContentError listing every problem found. `lenient` (the build)
 * skips a default-language file that is not valid YAML, which Astro's collections report themselves.
 */
export function readTranslations(root: string, { lenient = false }: { lenient?: boolean } = {}): Translations {
  const languages = parseContent(LANGUAGES_FILE, readFileSync(rootUrl(root, LANGUAGES_FILE), 'utf8'), languagesSchema);
  const active = activeLanguages(languages);
  const defaultCode = defaultLanguage(languages).code;
  const failures: string[] = [];
  const catalogues = new Map<string, Catalogue>();
  const content = new Map<string, Map<string, unknown>>();
  const reference = readCatalogue(root, defaultCode);
  catalogues.set(defaultCode, reference);
  content.set(defaultCode, originalContent(root, lenient));
  const routes = new Map<string, RouteTable>([[defaultCode, defaultRoutes()]]);
  for (const language of active.filter((each) => each.code !== defaultCode)) {
    try {
      const catalogue = readCatalogue(root, language.code);
      const problems: Problem[] = catalogueProblems(reference, catalogue);
      if (problems.length > 0) failures.push(contentProblems(catalogueFile(language.code), problems));
      catalogues.set(language.code, catalogue);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      failures.push(error.message);
    }
    content.set(language.code, translateContent(root, language.code, failures, lenient));
    const table = readRoutes(root, language.code, failures);
    if (table) routes.set(language.code, table);
  }
  if (failures.length > 0) throw new ContentError(failures.join('\n'));
  const caseCount = readdirSync(rootUrl(root, 'content/portfolio/')).filter((name) => name.endsWith('.md')).length;
  return { languages, active, defaultCode, catalogues, content, routes, caseCount };
}

/** The default language's long-form content, as the translated languages' is keyed. */
function originalContent(root: string, lenient: boolean): Map<string, unknown> {
  const original = new Map<string, unknown>();
  for (const { file, blocks } of translatedFiles(root)) {
    const source = readOriginal(root, file, lenient);
    if (source !== undefined) original.set(file, pick(source, blocks));
  }
  return original;
}

function readRoutes(root: string, code: string, failures: string[]): RouteTable | undefined {
  const file = routesFile(code);
  if (!existsSync(rootUrl(root, file))) {
    failures.push(`${file} no existe: cada idioma activo necesita las direcciones de sus páginas`);
    return undefined;
  }
  try {
    const table = parseContent(file, readFileSync(rootUrl(root, file), 'utf8'), routesSchema);
    const problems = routeProblems(code, table);
    if (problems.length === 0) return table as RouteTable;
    failures.push(contentProblems(file, problems));
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    failures.push(error.message);
  }
  return undefined;
}
