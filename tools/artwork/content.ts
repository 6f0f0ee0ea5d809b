/**
 * What the site's content holds, read from content/ itself: the generator draws a cover for each case
 * file it has a design for (people get a monogram on the site, designs.ts). No list of ids lives in code, so a new
 * case, team member or testimonial needs no change here (it brings its own image until it gets a design).
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root, two folders up from tools/artwork/. */
export const ROOT = new URL('../../', import.meta.url);

export interface ContentEntries {
  portfolio: readonly string[];
  team: readonly string[];
  testimonials: readonly string[];
}

/** File names in `folder` (from the repository root) ending in `extension`, without it, sorted. */
export function contentIds(folder: string, extension: string, root: URL = ROOT): string[] {
  const dir = fileURLToPath(new URL(`${folder}/`, root));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension) && !name.startsWith('.'))
    .map((name) => name.slice(0, -extension.length))
    .sort((a, b) => a.localeCompare(b));
}

export function contentEntries(root: URL = ROOT): ContentEntries {
  return {
    portfolio: contentIds('content/portfolio', '.md', root),
    team: contentIds('content/team', '.yaml', root),
    testimonials: contentIds('content/testimonials', '.yaml', root),
  };
}
