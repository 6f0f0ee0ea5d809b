/**
 * Long-form content in another language: `content/<code>/<path>` mirrors `content/<path>` with only the texts
 * translated. Facts (prices, ids, links, images, order, tags, names) are never copied: they come from the
 * default language's file, so a price has one home and a translation cannot contradict it. The translated
 * file must give every text of the original (same lists, same lengths, same `{placeholders}`), and nothing
 * else, so a missing or stale translation fails the build instead of showing Spanish on an English page.
 */
import { placeholderProblem, type Problem } from './catalogue.ts';

/** Fields whose value is a fact, not prose: taken from the original whatever the translation says. */
const FACT_KEYS: ReadonlySet<string> = new Set([
  'id',
  'icon',
  'image',
  'link',
  'href',
  'anchor',
  'order',
  'featured',
  'project',
  'rating',
  'name',
  'company',
  'tags',
  'codes',
  'amount',
  'currency',
  'from',
  'unit',
  'min',
  'max',
  'minWeeks',
  'maxWeeks',
  'minPercent',
  'maxPercent',
  'months',
  'supportDays',
  'endsAt',
  'startsAt',
  'slots',
  'discountPercent',
  'value',
  'parent',
  'level',
  'category',
  'alsoCalled',
  'cases',
  // Which project types and services a consultant takes (content/consultants.yaml): ids.
  'projectTypes',
  'serviceTypes',
  // The privacy notice's browser storage (its exact key and kind) and the block a section shows.
  'key',
  'kind',
  'block',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A page's `labels:` block holds interface words only, whatever their keys (`labels.rating`). */
const LABELS_BLOCK = 'labels';

/**
 * A fact field holds a value or a list of values; a block under such a name (a link's label) is prose, and
 * so is every field of a `labels:` block.
 */
/**
 * Blocks whose fact-named fields are prose: the forms' urgency options name their text `level`, the API
 * contract's field (content/form-options.yaml); a page's breadcrumb its `name` and the privacy short notice
 * its link's words `link`; the e-mails word one text per kind of lead, and one kind is `project`
 * (content/emails.yaml: `subjects.client.project`, `client.heading.project`, `client.intro.project`), as
 * the privacy notice names that form (content/privacy.yaml: `forms.project`); an integration's `name` is
 * what a reader calls it ("Carta Porte", "Document reading"), so each language writes it.
 */
const PROSE_FIELDS_OF: Readonly<Record<string, readonly string[]>> = {
  emergency: ['level'],
  breadcrumb: ['name'],
  shortNotice: ['link'],
  client: ['project'],
  internal: ['project'],
  heading: ['project'],
  intro: ['project'],
  forms: ['project'],
  items: ['name'],
};

/**
 * What one file's field names mean when they differ from the rest of content/: a case study writes its
 * industry (`category`) and its metrics' figures (`value`, "14 mil") in words a reader's language changes,
 * while its technologies (`tech`) and the person it quotes (`author`) are names that never change.
 */
export interface FieldRules {
  /** Fields whose name holds a fact elsewhere but prose in this file. */
  prose?: readonly string[];
  /** Fields that hold a fact (a value or a list of values) in this file. */
  facts?: readonly string[];
}

function isFact(key: string, value: unknown, block?: string, rules?: FieldRules): boolean {
  if (rules?.facts?.includes(key) && !isRecord(value)) return true;
  if (rules?.prose?.includes(key)) return false;
  if (block !== undefined && PROSE_FIELDS_OF[block]?.includes(key)) return false;
  return FACT_KEYS.has(key) && !isRecord(value) && block !== LABELS_BLOCK;
}

/** True when a value holds prose a translator writes (a text outside a fact field). */
export function hasProse(value: unknown, block?: string, rules?: FieldRules): boolean {
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.some((item) => hasProse(item, block, rules));
  if (isRecord(value))
    return Object.entries(value).some(
      ([key, inner]) => !isFact(key, inner, block, rules) && hasProse(inner, key, rules),
    );
  return false;
}

/** The name of the block a path ends in (`page.labels` → `labels`). */
function blockOf(path: string): string | undefined {
  return path
    .split('.')
    .pop()
    ?.replace(/\[\d+\]$/, '');
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/**
 * The original with its prose replaced by the translation's, and the problems found (paths as an editor
 * reads them: `page.hero.title`, `features[2]`). With problems, the untranslated parts keep the original.
 */
export function applyTranslation(
  original: unknown,
  translation: unknown,
  path = '',
  /** The list an item belongs to, when `path` ends in the item's id rather than the list's name. */
  list?: string,
  rules?: FieldRules,
): { value: unknown; problems: Problem[] } {
  const block = list ?? blockOf(path);
  if (!hasProse(original, block, rules)) {
    return translation === undefined
      ? { value: original, problems: [] }
      : {
          value: original,
          problems: [{ path: path || '(archivo)', message: 'Este dato no se traduce: bórralo, se toma del original' }],
        };
  }
  if (translation === undefined || translation === null)
    return { value: original, problems: [{ path: path || '(archivo)', message: missing(original) }] };
  if (typeof original === 'string') return translateText(original, translation, path);
  if (Array.isArray(original)) return translateList(original, translation, path, rules);
  if (isRecord(original)) return translateBlock(original, translation, path, block, rules);
  return { value: original, problems: [] };
}

function missing(original: unknown): string {
  return typeof original === 'string'
    ? `Falta esta traducción (el original dice «${original.length > 80 ? `${original.slice(0, 77)}…` : original}»)`
    : 'Falta este bloque en la traducción';
}

function translateText(original: string, translation: unknown, path: string) {
  if (typeof translation !== 'string' || translation.trim() === '')
    return { value: original, problems: [{ path, message: missing(original) }] };
  const placeholders = placeholderProblem(original, translation);
  return { value: translation, problems: placeholders ? [{ path, message: placeholders }] : [] };
}

/** The ids of a list whose every item is a block with its own `id`, or undefined. */
function idsOf(list: unknown[]): string[] | undefined {
  const ids = list.map((item) => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined));
  return ids.every((id): id is string => id !== undefined) ? ids : undefined;
}

/**
 * A list of blocks with ids may be translated as a block keyed by those ids (`proyectos-y-tiempos:`), so a
 * translation follows each item when the original's order changes or an item is added: the new one is named
 * as missing instead of every later item landing on the wrong one.
 */
function translateKeyedList(
  original: unknown[],
  ids: string[],
  translation: Record<string, unknown>,
  path: string,
  rules: FieldRules | undefined,
) {
  const problems: Problem[] = [];
  const value = original.map((item, index) => {
    const id = ids[index] ?? '';
    const result = applyTranslation(item, translation[id], join(path, id), blockOf(path), rules);
    problems.push(...result.problems);
    return result.value;
  });
  for (const key of Object.keys(translation))
    if (!ids.includes(key))
      problems.push({
        path: join(path, key),
        message: `No hay un elemento con id ${key} en el original: revisa el id o bórralo (ids: ${ids.join(', ')})`,
      });
  return { value, problems };
}

function translateList(original: unknown[], translation: unknown, path: string, rules: FieldRules | undefined) {
  const ids = idsOf(original);
  if (ids && isRecord(translation)) return translateKeyedList(original, ids, translation, path, rules);
  if (!Array.isArray(translation) || translation.length !== original.length)
    return {
      value: original,
      problems: [
        {
          path: path || '(archivo)',
          message: `Se espera una lista de ${original.length} elementos, como en el original`,
        },
      ],
    };
  const problems: Problem[] = [];
  const value = original.map((item, index) => {
    const result = applyTranslation(item, translation[index], join(path, index), undefined, rules);
    problems.push(...result.problems);
    return result.value;
  });
  return { value, problems };
}

function translateBlock(
  original: Record<string, unknown>,
  translation: unknown,
  path: string,
  block: string | undefined,
  rules: FieldRules | undefined,
) {
  if (!isRecord(translation))
    return {
      value: original,
      problems: [{ path: path || '(archivo)', message: 'Se espera un bloque con campos, como en el original' }],
    };
  const problems: Problem[] = [];
  const value: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(original)) {
    if (isFact(key, inner, block, rules)) {
      value[key] = inner;
      if (key in translation)
        problems.push({ path: join(path, key), message: 'Este dato no se traduce: bórralo, se toma del original' });
      continue;
    }
    const result = applyTranslation(inner, translation[key], join(path, key), undefined, rules);
    value[key] = result.value;
    problems.push(...result.problems);
  }
  for (const key of Object.keys(translation)) {
    if (!(key in original))
      problems.push({
        path: join(path, key),
        message: 'Este campo no existe en el original: revisa el nombre o bórralo',
      });
  }
  return { value, problems };
}
