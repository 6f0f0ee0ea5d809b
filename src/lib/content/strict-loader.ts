/**
 * A wrapper around Astro's `file()` and `glob()` loaders for collections whose set of entries is fixed
 * (six services, five process phases, four FAQ categories...).
 *
 * Astro validates each entry on its own, so a schema cannot see the entry's id when the id comes from a
 * file name or a YAML key, nor notice that a whole entry is missing. This wrapper:
 * - copies the entry id into the data before validation, so the schema can enforce the id with an enum
 *   and apply rules that depend on it (e.g. only the four services with a page need a `page` block);
 * - after loading, fails the build when entries are missing, unexpected or out of the allowed count,
 *   naming the file the editor has to fix. Astro's own loaders only log a YAML syntax error and carry on
 *   with an empty collection; the missing-entries check turns that into a build error too.
 */
import { file, type Loader, type LoaderContext } from 'astro/loaders';
import yaml from 'js-yaml';
import { defaultRoot } from '../../../core/content/load.ts';
import { readPromisePlaceholders } from '../../../core/content/promises.ts';
import { fillKnownDeep } from '../../../core/text-template.ts';

export interface LoadedEntry {
  id: string;
  data: Record<string, unknown>;
}

export interface EntryRules {
  /** Where the entries live, for the error message: `content/faq.yaml` or `content/services/`. */
  source: string;
  /** The file that holds one entry, for one-file-per-entry folders: `(id) => content/services/${id}.yaml`. */
  fileOf?: (id: string) => string;
  /** Exactly these ids must exist, no more and no fewer. */
  ids?: readonly string[];
  min?: number;
  max?: number;
  /** Checks across entries (order, counts per category...). Returns problems, in Spanish. */
  check?: (entries: readonly LoadedEntry[]) => string[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Problems with the set of loaded entries; empty when the collection is complete. Entries keep file order. */
export function entryProblems(entries: readonly LoadedEntry[], rules: EntryRules): string[] {
  const problems: string[] = [];
  const found = entries.map((entry) => entry.id);
  const where = (id: string) => (rules.fileOf ? rules.fileOf(id) : `la entrada "${id}" en ${rules.source}`);
  if (rules.ids) {
    const missing = rules.ids.filter((id) => !found.includes(id));
    const unexpected = found.filter((id) => !rules.ids?.includes(id));
    for (const id of missing) problems.push(`Falta ${where(id)}.`);
    for (const id of unexpected) {
      problems.push(`Sobra ${where(id)}: los ids válidos son ${rules.ids.join(', ')}.`);
    }
  }
  if (rules.min !== undefined && found.length < rules.min) {
    problems.push(`${rules.source} tiene ${found.length} entradas; se esperan al menos ${rules.min}.`);
  }
  if (rules.max !== undefined && found.length > rules.max) {
    problems.push(`${rules.source} tiene ${found.length} entradas; se esperan como máximo ${rules.max}.`);
  }
  if (rules.check && entries.length > 0) problems.push(...rules.check(entries));
  return problems;
}

/**
 * Wraps `inner` (a `file()` or `glob()` loader) with the id injection and the entry-set rules.
 * `loadError` reports a failure the inner loader only logged (see `strictYamlFile`).
 */
export function strictLoader(inner: Loader, rules: EntryRules, loadError?: () => string | undefined): Loader {
  return {
    name: `strict-${inner.name}`,
    load: async (context: LoaderContext) => {
      const withId: LoaderContext = {
        ...context,
        parseData: (props) =>
          context.parseData(isPlainObject(props.data) ? { ...props, data: { ...props.data, id: props.id } } : props),
      };
      await inner.load(withId);
      const failure = loadError?.();
      if (failure) throw new Error(`No se pudo leer ${rules.source}:\n${failure}`);
      const entries = context.store.values().map((entry) => ({ id: entry.id, data: entry.data }));
      const problems = entryProblems(entries, rules);
      if (problems.length > 0) {
        const hint =
          entries.length === 0
            ? ' (no se cargó ninguna entrada: revisa que el archivo exista y que su YAML sea válido; el aviso anterior dice por qué)'
            : '';
        throw new Error(
          `Colección "${context.collection}" incompleta en ${rules.source}${hint}:\n` +
            problems.map((problem) => `  - ${problem}`).join('\n'),
        );
      }
    },
  };
}

type YamlFileData = Record<string, Record<string, unknown>> | Array<Record<string, unknown>>;

/**
 * `file()` for a YAML file, plus `strictLoader`'s rules. Astro's `file()` logs a YAML syntax error without
 * its position and carries on; this one fails the build with the parser's message (line and column).
 * The promises of content/promises.yaml (`{plazoPropuesta}`, `{semanasEcommerce}`…) are filled in here, so
 * the FAQ and the process state them as every other page does. `file()` parses its file again on every
 * build; in `npm run dev` an edit of promises.yaml shows after touching the file that quotes it.
 */
export function strictYamlFile(fileName: string, rules: EntryRules): Loader {
  let syntaxError: string | undefined;
  const parser = (text: string): YamlFileData => {
    syntaxError = undefined;
    try {
      const data = yaml.load(text, { filename: rules.source });
      if (typeof data !== 'object' || data === null)
        throw new Error('se espera una lista de entradas o un mapa de clave: entrada');
      return fillKnownDeep(data as YamlFileData, readPromisePlaceholders(defaultRoot()));
    } catch (error) {
      syntaxError = error instanceof Error ? error.message : String(error);
      throw error;
    }
  };
  return strictLoader(file(fileName, { parser }), rules, () => syntaxError);
}
