/**
 * Checks the languages and their translations (core/i18n/load.ts) before Astro builds a page: a key or a
 * file missing in an active language stops `astro build` and `astro dev` with the Spanish message that names
 * the file and the key, instead of a page that mixes languages.
 */
import type { AstroIntegration } from 'astro';
import { readTranslations } from '../../core/i18n/load.ts';

export function translationsCheck(): AstroIntegration {
  return {
    name: 'angram:translations',
    hooks: {
      'astro:config:setup': ({ config }) => {
        // A Spanish file that is not valid YAML is left to the content collections, which name its line.
        readTranslations(decodeURIComponent(config.root.pathname), { lenient: true });
      },
    },
  };
}
