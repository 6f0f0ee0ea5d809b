/**
 * Checks the languages and their translations (core/i18n/load.ts) before Astro builds a page: a key or a
 * file missing in an active language stops `astro build` and `astro dev` with the Spanish message that names
 * the file and the key, instead of a page that mixes languages.
 */
import type { AstroIntegration } from 'astro';
import { shareContentFactsWithinBuild } from '../../core/content/load.ts';
import { readTranslations } from '../../core/i18n/load.ts';

export function translationsCheck(): AstroIntegration {
  return {
    name: 'angram:translations',
    hooks: {
      'astro:config:setup': ({ config, command }) => {
        const root = decodeURIComponent(config.root.pathname);
        // A build checks them through the content facts, read here once for the whole build: the wiki's
        // e-mail previews, the content collections and the rendered pages get the same facts, not a read
        // of their own. The dev server reads them afresh at each restart.
        if (command === 'build') shareContentFactsWithinBuild(root);
        // A Spanish file that is not valid YAML is left to the content collections, which name its line.
        else readTranslations(root, { lenient: true });
      },
    },
  };
}
