/**
 * The JSON files the build keeps between builds (the record of a build's files, the trimmed CSP policies,
 * the pages found covered by the fonts): each written whole or not at all, each read as whatever it holds.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What `file` holds, or undefined when it is missing or not JSON: the reader checks its shape. */
export function readJsonFile(file: string): Promise<unknown> {
  return readFile(file, 'utf8')
    .then((text): unknown => JSON.parse(text))
    .catch(() => undefined);
}

/**
 * Writes `value` to `file` under another name first, then renamed into place: a reader finds the whole
 * file or none, even when the build stops halfway.
 */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(value));
  await rename(temporary, file);
}
