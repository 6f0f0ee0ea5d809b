/**
 * The site's pages, read from the built site: each `index.html` under `dist/` is a page at its folder's
 * path (`dist/contacto/index.html` is `/contacto`), each other `.html` a page at its name without the
 * extension. The beacon endpoint counts these and no other path, so nobody can grow the tables with
 * made-up pages. Without a build (the API alone in development) the set is empty and every beacon is refused.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { normalisePage } from './beacon.ts';

export function sitePages(distDir: string): Set<string> {
  const pages = new Set<string>();
  if (!existsSync(distDir)) return pages;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        // Build assets, never pages.
        if (!entry.name.startsWith('_')) walk(full);
        continue;
      }
      if (!entry.name.endsWith('.html')) continue;
      const path = `/${relative(distDir, full).split(sep).join('/')}`;
      pages.add(normalisePage(path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path.slice(0, -5)));
    }
  };
  walk(distDir);
  return pages;
}
