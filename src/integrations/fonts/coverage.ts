/**
 * After the build, reads the text of every page and fails when a character the fonts have is missing
 * from the preloaded site subset: such a page would download the whole "rest" file, or fall back to a
 * system font for that character, and the byte budget would break without anyone noticing.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { PhaseMeter } from '../build-timing.ts';
import { builtPagesTaken, registerPageStep, type PageReader } from '../built-html.ts';
import { readJsonFile, writeJsonFile } from '../json-file.ts';
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

const siteCodePoints = (family: SubsetFamily): ReadonlySet<number> =>
  family.faces.find((face) => isSiteSubset(face.subset))?.codePoints ?? new Set<number>();

/** Of the code points `used`, those a family's font has but its preloaded subset lacks. */
function uncoveredCodePoints(used: ReadonlySet<number>, families: readonly SubsetFamily[]): Uncovered[] {
  return families.flatMap((family) => {
    const site = siteCodePoints(family);
    return [...used]
      .filter((code) => family.fontCodePoints.has(code) && !site.has(code))
      .map((codePoint) => ({ family: family.spec.name, codePoint }));
  });
}

export function describeCharacter(code: number): string {
  return `«${String.fromCodePoint(code)}» (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}

/**
 * The pages a build found covered, by their digest (`BuiltPage.digest`), kept for the next build: a page with
 * the same bytes, checked against the same subsets, needs no second look. In a rebuild after an editor's
 * change that is every page but one, and the pass over the pages goes at the pace of its slowest step.
 */
export const COVERAGE_CACHE_FILE = 'node_modules/.cache/angram-font-coverage.json';
/** Change when what makes a page covered changes (the text read, the decoding), so no build trusts an old verdict. */
const COVERAGE_FORMAT = 'v1';

const sorted = (codes: ReadonlySet<number>) => [...codes].sort((a, b) => a - b).join(',');

/** What a page's verdict depends on besides its bytes: the check itself and each family's two sets of characters. */
export function coverageFingerprint(families: readonly SubsetFamily[]): string {
  const hash = createHash('sha256').update(COVERAGE_FORMAT).update(NOT_TEXT.source);
  for (const family of families)
    hash.update(`\0${family.spec.name}\0${sorted(family.fontCodePoints)}\0${sorted(siteCodePoints(family))}`);
  return hash.digest('base64url');
}

/** The digests of the pages found covered under `fingerprint`; none when the file is missing, unreadable or another's. */
export async function readCoveredPages(file: string, fingerprint: string): Promise<Set<string>> {
  const stored = await readJsonFile(file);
  if (typeof stored !== 'object' || stored === null) return new Set();
  const { fingerprint: storedFingerprint, pages } = stored as Record<string, unknown>;
  if (storedFingerprint !== fingerprint || !Array.isArray(pages)) return new Set();
  return new Set(pages.filter((page): page is string => typeof page === 'string'));
}

/** Writes the covered pages whole or not at all: a temporary file renamed into place. */
export async function writeCoveredPages(file: string, fingerprint: string, pages: Iterable<string>): Promise<void> {
  await writeJsonFile(file, { fingerprint, pages: [...pages] });
}

/**
 * Reads each page of the build's pass over its pages (./built-html.ts) as it comes; `problems` are the
 * characters missing from the site subsets, each with the first page that has it. A page in `covered` (by
 * its digest) is not read again; `pages` are the digests of every page the build found covered so far.
 */
export function coverageReader(families: readonly SubsetFamily[], covered: ReadonlySet<string> = new Set()) {
  const problems = new Map<string, string>();
  const pages = new Set<string>();
  // Text and characters already checked on an earlier page need no second look.
  const seen = new SeenText();
  const checked = new Set<number>();
  const meter = new PhaseMeter();
  let taken = 0;
  let read = 0;
  const reader: PageReader = {
    wants: (path) => !path.startsWith('pagefind/'),
    read: ({ path, text, digest }) => {
      taken += 1;
      pages.add(digest());
      if (covered.has(digest())) return;
      read += 1;
      meter.measure(() => {
        const unseen = unseenText(text(), seen);
        const fresh = [...codePointsOf(unseen)].filter((code) => !checked.has(code));
        for (const code of fresh) checked.add(code);
        for (const { family, codePoint } of uncoveredCodePoints(new Set(fresh), families)) {
          const key = `${family} ${describeCharacter(codePoint)}`;
          if (!problems.has(key)) problems.set(key, `/${path}`);
        }
      });
    },
  };
  return { reader, problems, meter, pages, counts: () => ({ taken, read }) };
}

function logCoverage(
  logger: AstroIntegrationLogger,
  families: readonly SubsetFamily[],
  { taken, read }: { taken: number; read: number },
) {
  const sizes = families.flatMap((f) =>
    f.faces
      .filter((face) => isSiteSubset(face.subset))
      .map((face) => `${f.spec.name} ${face.weight} ${(face.bytes / 1024).toFixed(1)} KB`),
  );
  const again =
    read === taken
      ? ''
      : `; ${taken - read} de ${taken} páginas iguales a las de un build anterior, sin leerlas otra vez`;
  logger.info(`Fuentes: cada página cubierta por el subconjunto del sitio (${sizes.join(', ')})${again}.`);
}

export function fontCoverage(families: readonly SubsetFamily[]): AstroIntegration {
  const fingerprint = coverageFingerprint(families);
  let cacheFile = '';
  let coverage = coverageReader(families);
  return {
    name: 'angram:font-coverage',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheFile = join(fileURLToPath(config.root), COVERAGE_CACHE_FILE);
      },
      'astro:build:start': async () => {
        coverage = coverageReader(families, await readCoveredPages(cacheFile, fingerprint));
        registerPageStep('angram:font-coverage', coverage.reader);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { reader, problems, meter, pages, counts } = coverage;
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
        // Only a build whose every page passed vouches for its pages.
        await writeCoveredPages(cacheFile, fingerprint, pages);
        logCoverage(logger, families, counts());
      },
    },
  };
}
