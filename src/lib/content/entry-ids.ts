/**
 * The ids of a one-file-per-entry content folder, read from the folder itself: a new case study, team
 * member or testimonial is a new file, never a new line of code. Node only (build, tests, tools).
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { defaultRoot } from '../../../core/content/load.ts';

/** File names in `folder` (from the project root) ending in `extension`, without it, sorted. */
export function entryIds(folder: string, extension: string, root: string = defaultRoot()): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension) && !name.startsWith('.'))
    .map((name) => basename(name, extension))
    .sort((a, b) => a.localeCompare(b));
}
