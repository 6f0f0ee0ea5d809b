/**
 * What content/ says, read the way the pages read it (one file per entry, shown by `order`), so the specs
 * expect what an editor wrote instead of today's count: a seventh case, a fourth team member or another
 * testimonial changes content only, and the specs follow.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { defaultRoot } from '../../core/content/load.ts';
import { entryIds } from '../../src/lib/content/entry-ids.ts';

interface Entry {
  id: string;
  order: number;
  data: Record<string, unknown>;
}

function parsed(text: string, where: string): Record<string, unknown> {
  const data = yaml.load(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${where} no es un mapa`);
  return data as Record<string, unknown>;
}

/** The entries of a folder (`.yaml` files, or the front matter of `.md` ones) in the order pages show them. */
function entries(folder: string, extension: '.yaml' | '.md'): Entry[] {
  return entryIds(folder, extension)
    .map((id) => {
      const text = readFileSync(join(defaultRoot(), folder, `${id}${extension}`), 'utf8');
      const data = parsed(extension === '.md' ? (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '') : text, id);
      return { id, order: Number(data.order), data };
    })
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

const text = (entry: Entry, field: string) => String(entry.data[field]);

/** The team of the home page, in order. */
export const TEAM = entries('content/team', '.yaml').map((entry) => ({
  id: entry.id,
  name: text(entry, 'name'),
  role: text(entry, 'role'),
}));

/** The portfolio, in the order /portfolio lists it. */
export const CASES = entries('content/portfolio', '.md').map((entry) => ({
  id: entry.id,
  title: text(entry, 'title'),
  category: text(entry, 'category'),
  featured: entry.data.featured === true,
}));

/** The testimonials of the home page, in order. */
export const TESTIMONIALS = entries('content/testimonials', '.yaml').map((entry) => ({
  id: entry.id,
  author: text(entry, 'author'),
}));

/** How many items a section of a page's copy (`content/pages/<page>.yaml`) lists. */
export function sectionItems(page: string, section: string): number {
  const data = parsed(readFileSync(join(defaultRoot(), 'content/pages', `${page}.yaml`), 'utf8'), page);
  const sections = data.sections as Record<string, { items?: unknown[] } | undefined> | undefined;
  return sections?.[section]?.items?.length ?? 0;
}
