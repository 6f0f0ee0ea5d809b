/**
 * Checks the languages and their translations (core/i18n/load.ts) before Astro builds a page: a key or a
 * file missing in an active language stops `astro build` and `astro dev` with the Spanish message that names
 * the file and the key, instead of a page that mixes languages.
 */
import type { AstroIntegration } from 'astro';
import { loadContentFacts } from '../../core/content/load.ts';
import { readTranslations } from '../../core/i18n/load.ts';

export function translationsCheck(): AstroIntegration {
  return {
    name: 'angram:translations',
    hooks: {
      'astro:config:setup': ({ config, command }) => {
        const root = decodeURIComponent(config.root.pathname);
        // A build checks them through the content facts, which keep what they read: the wiki's e-mail
        // previews load the same facts while Vite bundles, so the translations are read once, not twice.
        // The dev server reads them afresh at each restart.
        if (command === 'build') loadContentFacts(root);
        // A Spanish file that is not valid YAML is left to the content collections, which name its line.
        else readTranslations(root, { lenient: true });
      },
    },
  };
}
