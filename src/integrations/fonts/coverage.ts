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

/**
 * The visible text of an HTML document, roughly: element text outside code and scripts, plus placeholders.
 * The pieces are joined by line breaks, which are no character a font must have and which keep an entity
 * from forming across a tag (`&rarr<b>;</b>`).
 */
export function pageText(html: string): string {
  return textParts(html).join('\n');
}

const AMPERSAND = 0x26;
const BACKSLASH = 0x5c;
const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * What the site's pages have shown so far, for `unseenText`: each UTF-16 unit outside the surrogates, in a
 * table, and as strings the characters beyond them and the runs that hold an entity or an escape (whose
 * meaning is only known decoded).
 */
export class SeenText {
  readonly units = new Uint8Array(0x10000);
  readonly strings = new Set<string>();

  /** Whether `text` was new, learning it; a copy is kept, since a slice would keep the whole page alive. */
  learn(text: string): boolean {
    if (this.strings.has(text)) return false;
    // UTF-16 both ways: a lone surrogate stays itself (UTF-8 would make it U+FFFD).
    this.strings.add(Buffer.from(text, 'utf16le').toString('utf16le'));
    return true;
  }
}

/**
 * Appends to `fresh` what `text[from, to)` holds that no earlier page showed: each new character, or the
 * run whole when it holds `&` or `\` (an entity or an escape, decoded later as a whole). The loop looks at
 * each character of the run once and allocates only for what is new: every page repeats the header, the
 * footer and the wiki's sidebar (nine tenths of a page's text at a thousand wiki pages).
 */
function unseenCharacters(text: string, from: number, to: number, seen: SeenText, fresh: string[]): void {
  for (let at = from; at < to; at += 1) {
    const unit = text.charCodeAt(at);
    if (unit === AMPERSAND || unit === BACKSLASH) {
      const run = text.slice(from, to);
      if (seen.learn(run)) fresh.push(run);
      return;
    }
    if (isSurrogate(unit)) {
      const pair = unit <= 0xdbff && at + 1 < to && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
      const character = text.slice(at, at + pair);
      if (seen.learn(character)) fresh.push(character);
      at += pair - 1;
    } else if (seen.units[unit] === 0) {
      seen.units[unit] = 1;
      fresh.push(String.fromCharCode(unit));
    }
  }
}

/**
 * The text of a page that no earlier page had (`seen`, which learns it), as pieces joined by line breaks:
 * the same characters, decoded, as `pageText` of every page would give, each found on the first page that
 * has it. The tags are found by the expression `pageText` uses; the text between them is read in place.
 */
export function unseenText(html: string, seen: SeenText): string {
  const fresh: string[] = [];
  const placeholders: string[] = [];
  const tags = new RegExp(NOT_TEXT.source, NOT_TEXT.flags);
  let end = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    unseenCharacters(html, end, match.index, seen, fresh);
    end = match.index + match[0].length;
    if (match[2] !== undefined) placeholders.push(match[2]);
  }
  unseenCharacters(html, end, html.length, seen, fresh);
  for (const placeholder of placeholders) unseenCharacters(placeholder, 0, placeholder.length, seen, fresh);
  return fresh.join('\n');
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
  const seen = new SeenText();
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
