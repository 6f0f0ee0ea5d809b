/**
 * Helpers for the schema tests: read the real content as the loaders hand it to the schemas, stand in for
 * Astro's schema context, list a failed parse's issues as `path: message` lines (the form Astro prints
 * them in), and break a copy of an entry at one path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import yaml from 'js-yaml';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { readPromisePlaceholders } from '../../core/content/promises.ts';
import { fillKnownDeep } from '../../core/text-template.ts';

const root = new URL('../../', import.meta.url);

/** The promises of content/promises.yaml, as the loaders of the YAML list files fill them in. */
export const PROMISES = readPromisePlaceholders(root.pathname);

/** A YAML file, by its path from the project root. */
export function loadYaml(path: string): unknown {
  return yaml.load(readFileSync(new URL(path, root), 'utf8'));
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} no es un mapa`);
  return value as Record<string, unknown>;
}

/** An entry of a one-file-per-entry folder (`content/<dir>/<id>.yaml`), with the id the loader adds. */
export function folderEntry(dir: string, id: string): Record<string, unknown> {
  return { ...asRecord(loadYaml(`content/${dir}/${id}.yaml`), `${dir}/${id}`), id };
}

/** The entries of a YAML list file (each carries its own `id`), promises filled in as the loader does. */
export function listEntries(file: string): Array<Record<string, unknown>> {
  const data = fillKnownDeep(loadYaml(`content/${file}`), PROMISES);
  if (!Array.isArray(data)) throw new Error(`${file} no es una lista`);
  return data.map((item, index) => asRecord(item, `${file}[${index}]`));
}

/** The entries of a YAML map file (`key: entry`), with the key as id as the loader adds it (promises filled). */
export function mapEntries(file: string): Array<Record<string, unknown>> {
  return Object.entries(asRecord(fillKnownDeep(loadYaml(`content/${file}`), PROMISES), file)).map(([id, item]) => ({
    ...asRecord(item, `${file}.${id}`),
    id,
  }));
}

/**
 * Astro's `image()` resolves and measures the file; in unit tests an image field is the relative path.
 * This one accepts any non-empty path.
 */
export const fakeContext = { image: () => z.string().min(1) } as unknown as SchemaContext;

/** `image()` that requires the path, relative to `dir`, to exist (what Astro checks at build time). */
export function contextFor(dir: string): SchemaContext {
  const image = () =>
    z.string().refine((path) => existsSync(resolve(dir, path)), {
      error: (issue) => `No existe la imagen ${String(issue.input)}`,
    });
  return { image } as unknown as SchemaContext;
}

/** One line per issue, as Astro prints them: `field.path: message`. */
export function issueLines(error: z.ZodError | undefined): string[] {
  return error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
}

/** `path: message` for every issue; empty when the data is valid. */
export function issues(schema: z.ZodType, data: unknown): string[] {
  return issueLines(schema.safeParse(data).error);
}

/** A deep copy to break without touching the original. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

export const REMOVE = Symbol('remove');

/** A copy of `data` with the value at `path` (dots, numbers for list positions) replaced, or removed with `REMOVE`. */
export function changed<T>(data: T, path: string, value: unknown): T {
  const result = copy(data);
  const keys = path.split('.');
  const last = keys.pop();
  if (last === undefined) throw new Error('ruta vacía');
  let node: unknown = result;
  for (const key of keys) {
    node = Array.isArray(node) ? node[Number(key)] : asRecord(node, path)[key];
  }
  const parent = Array.isArray(node) ? node : asRecord(node, path);
  if (Array.isArray(parent)) {
    if (value === REMOVE) parent.splice(Number(last), 1);
    else parent[Number(last)] = value;
  } else if (value === REMOVE) {
    Reflect.deleteProperty(parent, last);
  } else {
    parent[last] = value;
  }
  return result;
}
