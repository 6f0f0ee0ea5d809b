/**
 * After the build, reads the text of every page and fails when a character the fonts have is missing
 * from the preloaded site subset: such a page would download the whole "rest" file, or fall back to a
 * system font for that character, and the byte budget would break without anyone noticing.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { PhaseMeter } from '../build-timing.ts';
import { builtPagesTaken, registerPageStep, type PageReader } from '../built-html.ts';
import { codePointsOf } from './site-characters.ts';
import { isSiteSubset, type SubsetFamily } from './subset-fonts.ts';

/** Elements whose text is not set in the site's fonts (code is monospace, SVG and scripts are not text). */
const NOT_SET_IN_SITE_FONTS = ['script', 'style', 'pre', 'code', 'kbd', 'samp', 'svg', 'template', 'title'];

/**
 * What is not text, in one pass: a comment, one of those elements whole, a tag with a placeholder (whose
 * value is text the visitor sees) or any other tag. One expression read from left to right finds what ten
 * replacements, one per kind, found before (a page read ten times; 150 MB of HTML at a thousand wiki pages).
 */
const NOT_TEXT = new RegExp(
  `<!--[\\s\\S]*?-->|<(${NOT_SET_IN_SITE_FONTS.join('|')})\\b[\\s\\S]*?</\\1>|<[^>]*?\\splaceholder="([^"]*)"[^>]*>|<[^>]*>`,
  'gi',
);

/** The pieces of a page's visible text: the runs between tags, then the placeholders. */
function textParts(html: string): string[] {
  const parts: string[] = [];
  const placeholders: string[] = [];
  let end = 0;
  for (const match of html.matchAll(NOT_TEXT)) {
    parts.push(html.slice(end, match.index));
    end = match.index + match[0].length;
    if (match[2] !== undefined) placeholders.push(match[2]);
  }
  parts.push(html.slice(end));
  return [...parts, ...placeholders];
}

/** The visible text of an HTML document, roughly: element text outside code and scripts, plus placeholders. */
export function pageText(html: string): string {
  return textParts(html).join(' ');
}

/**
 * The pieces of a page's text that no earlier page had (`seen`, which learns them). The header, the footer
 * and the wiki's sidebar (every wiki page listed on every wiki page: nine tenths of a page's text at a
 * thousand pages) are read once for the whole site, not once per page.
 */
export function unseenText(html: string, seen: Set<string>): string {
  const fresh: string[] = [];
  for (const part of textParts(html)) {
    if (seen.has(part)) continue;
    // A copy: the slice would keep the whole page's text alive for the rest of the build.
    seen.add(Buffer.from(part).toString());
    fresh.push(part);
  }
  return fresh.join(' ');
}

export interface Uncovered {
  family: string;
  codePoint: number;
}

/** Characters of `text` that a family's font has but its preloaded subset lacks. */
export function uncoveredCharacters(text: string, families: readonly SubsetFamily[]): Uncovered[] {
  return uncoveredCodePoints(codePointsOf(text), families);
}

/** Of the code points `used`, those a family's font has but its preloaded subset lacks. */
function uncoveredCodePoints(used: ReadonlySet<number>, families: readonly SubsetFamily[]): Uncovered[] {
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

/**
 * Reads each page of the build's pass over its pages (./built-html.ts) as it comes; `problems` are the
 * characters missing from the site subsets, each with the first page that has it.
 */
function coverageReader(families: readonly SubsetFamily[]) {
  const problems = new Map<string, string>();
  // Text and characters already checked on an earlier page need no second look.
  const seen = new Set<string>();
  const checked = new Set<number>();
  const meter = new PhaseMeter();
  const reader: PageReader = {
    wants: (path) => !path.startsWith('pagefind/'),
    read: ({ path, text }) =>
      meter.measure(() => {
        const unseen = unseenText(text(), seen);
        const fresh = [...codePointsOf(unseen)].filter((code) => !checked.has(code));
        for (const code of fresh) checked.add(code);
        for (const { family, codePoint } of uncoveredCodePoints(new Set(fresh), families)) {
          const key = `${family} ${describeCharacter(codePoint)}`;
          if (!problems.has(key)) problems.set(key, `/${path}`);
        }
      }),
  };
  return { reader, problems, meter };
}

export function fontCoverage(families: readonly SubsetFamily[]): AstroIntegration {
  let coverage = coverageReader(families);
  return {
    name: 'angram:font-coverage',
    hooks: {
      'astro:build:start': () => {
        coverage = coverageReader(families);
        registerPageStep('angram:font-coverage', coverage.reader);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { reader, problems, meter } = coverage;
        await builtPagesTaken(fileURLToPath(dir), reader);
        meter.log(logger, 'fuentes');
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
