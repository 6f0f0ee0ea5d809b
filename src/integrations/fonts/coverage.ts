/**
 * After the build, reads the text of every page and fails when a character the fonts have is missing
 * from the preloaded site subset: such a page would download the whole "rest" file, or fall back to a
 * system font for that character, and the byte budget would break without anyone noticing.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { timedPhase } from '../build-timing.ts';
import { builtHtml } from '../built-html.ts';
import { codePointsOf } from './site-characters.ts';
import { isSiteSubset, type SubsetFamily } from './subset-fonts.ts';

/** Elements whose text is not set in the site's fonts (code is monospace, SVG and scripts are not text). */
const NOT_SET_IN_SITE_FONTS = ['script', 'style', 'pre', 'code', 'kbd', 'samp', 'svg', 'template', 'title'].map(
  (tag) => new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`, 'gi'),
);

/** The visible text of an HTML document, roughly: element text outside code and scripts, plus placeholders. */
export function pageText(html: string): string {
  let text = html.replace(/<!--[\s\S]*?-->/g, ' ');
  for (const element of NOT_SET_IN_SITE_FONTS) text = text.replace(element, ' ');
  const placeholders = [...text.matchAll(/\splaceholder="([^"]*)"/gi)].map((match) => match[1]).join(' ');
  return `${text.replace(/<[^>]*>/g, ' ')} ${placeholders}`;
}

export interface Uncovered {
  family: string;
  codePoint: number;
}

/** Characters of `text` that a family's font has but its preloaded subset lacks. */
export function uncoveredCharacters(text: string, families: readonly SubsetFamily[]): Uncovered[] {
  const used = codePointsOf(text);
  return families.flatMap((family) => {
    const site = family.faces.find((face) => isSiteSubset(face.subset))?.codePoints ?? new Set<number>();
    return [...used]
      .filter((code) => family.fontCodePoints.has(code) && !site.has(code))
      .map((codePoint) => ({ family: family.spec.name, codePoint }));
  });
}

export function describeCharacter(code: number): string {
  return `«${String.fromCodePoint(code)}» (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}

export function fontCoverage(families: readonly SubsetFamily[]): AstroIntegration {
  return {
    name: 'angram:font-coverage',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const pages = await builtHtml(fileURLToPath(dir));
        const problems = new Map<string, string>();
        // Words already checked on an earlier page bring no new character: the header, footer and the
        // wiki's sidebar (every page of the wiki listed on every page) are checked once.
        const checked = new Set<string>();
        const isNew = (word: string) => !checked.has(word) && Boolean(checked.add(word));
        await timedPhase(logger, 'fuentes', () => {
          for (const [path, body] of pages) {
            if (path.startsWith('pagefind/')) continue;
            const words = pageText(body.toString('utf8')).split(/\s+/).filter(isNew).join(' ');
            for (const { family, codePoint } of uncoveredCharacters(words, families)) {
              const key = `${family} ${describeCharacter(codePoint)}`;
              if (!problems.has(key)) problems.set(key, `/${path}`);
            }
          }
        });
        if (problems.size > 0) {
          const list = [...problems].map(([what, page]) => `  - ${what}, p. ej. en ${page}`).join('\n');
          throw new Error(
            `Hay caracteres en las páginas que el subconjunto de fuentes no incluye:\n${list}\n` +
              'Vienen de texto que no está en content/ ni en src/ (una transformación o un dato externo): ' +
              'agrégalos a BASE_CHARACTERS en src/integrations/fonts/site-characters.ts.',
          );
        }
        const sizes = families.flatMap((f) =>
          f.faces
            .filter((face) => isSiteSubset(face.subset))
            .map((face) => `${f.spec.name} ${face.weight} ${(face.bytes / 1024).toFixed(1)} KB`),
        );
        logger.info(`Fuentes: cada página cubierta por el subconjunto del sitio (${sizes.join(', ')}).`);
      },
    },
  };
}
