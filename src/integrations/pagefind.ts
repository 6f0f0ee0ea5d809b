import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

/** Only the wiki's pages are searchable: `/wikiangram/<slug>`, not the redirect or the e-mail previews. */
export const WIKI_SEARCH_GLOB = 'wikiangram/*.html';
export const PAGEFIND_DIR = 'pagefind';

/**
 * Builds the wiki's search index with Pagefind's Node API once the static pages are written, into
 * `dist/pagefind/` (served as `/pagefind/pagefind.js`, loaded by the search dialog on first open).
 * A failure stops the build: a wiki without its search would ship silently broken.
 */
export function wikiSearchIndex(): AstroIntegration {
  return {
    name: 'angram:wiki-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
        if (!index) throw new Error(`Pagefind no pudo crear el índice: ${errors.join('; ')}`);
        try {
          const added = await index.addDirectory({ path: root, glob: WIKI_SEARCH_GLOB });
          if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
          if (added.page_count === 0)
            throw new Error(`Pagefind no encontró páginas de la wiki en ${join(root, WIKI_SEARCH_GLOB)}`);
          const written = await index.writeFiles({ outputPath: join(root, PAGEFIND_DIR) });
          if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
          logger.info(`${added.page_count} páginas de la wiki indexadas en /${PAGEFIND_DIR}/`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
