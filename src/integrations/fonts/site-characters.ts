/**
 * The characters the site can show, read from its own sources (content/ and src/), so the font subset
 * follows the copy: an editor who writes a new character gets it in the fonts at the next build.
 * Sources hold code as well as copy; counting both costs a few glyphs and never misses a string.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** Text files whose characters can reach a page (markup, copy, strings in code, CSS `content:`). */
const TEXT_EXTENSIONS = new Set([
  '.astro',
  '.ts',
  '.tsx',
  '.mjs',
  '.js',
  '.md',
  '.mdx',
  '.yaml',
  '.yml',
  '.json',
  '.css',
  '.html',
  '.txt',
]);

/** Tests hold hostile input on purpose (emoji, control characters); no page shows it. */
const IGNORED_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/**
 * ASCII symbols of code, not of Spanish copy (code is set in the monospace system font). Each one drags
 * in a family of contextual alternates in Inter ("<" alone weighs 2 KB), so they live in the "rest" file,
 * downloaded only by a page whose text uses one; the build check names any such page.
 */
export const CODE_ONLY_SYMBOLS = '[]{}\\^~`';

/**
 * Always in the subset, whatever the sources say: printable ASCII but the code symbols (anything else a
 * visitor may type into a form), the no-break spaces `Intl` puts in dates and amounts, the typographic
 * punctuation Markdown's smart quotes produce at build time, the letters and signs of Spanish, the
 * Latin letters of the language names the site writes with Intl, and the list bullet.
 */
export const BASE_CHARACTERS: string = [
  Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i))
    .filter((char) => !CODE_ONLY_SYMBOLS.includes(char))
    .join(''),
  '\u00a0\u202f\u2009',
  '‘’“”–—…',
  '¡¿«»áéíóúüñÁÉÍÓÚÜÑ',
  // Language names Intl writes at build time on the web apps page ("Français", "Português"): in no source file.
  'çÇêÊ',
  // The list bullet: Chrome measures a disc marker with the text's font, so without it a slow first layout
  // of any page with a list fetched the whole "rest" file (seen in CI on a wiki page, 1 load in 15 at 9x CPU).
  '•',
].join('');

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  copy: '©',
  reg: '®',
  trade: '™',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  iexcl: '¡',
  iquest: '¿',
  middot: '·',
  bull: '•',
  times: '×',
  rarr: '→',
  larr: '←',
  deg: '°',
  euro: '€',
  ordm: 'º',
  ordf: 'ª',
  thinsp: '\u2009',
};

/** Decodes HTML entities and JavaScript/CSS escapes, so `&nbsp;`, `\u00a0` and `\00a0` count as the character. */
export function decodeEscapes(text: string): string {
  const fromCode = (code: number) =>
    Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  return text
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, hex: string) => fromCode(Number.parseInt(hex, 16)))
    .replace(/&#(\d{1,7});/g, (_, dec: string) => fromCode(Number.parseInt(dec, 10)))
    .replace(/&([a-z]+);/gi, (match, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? match)
    .replace(/\\u\{([0-9a-f]{1,6})\}/gi, (_, hex: string) => fromCode(Number.parseInt(hex, 16)))
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => fromCode(Number.parseInt(hex, 16)))
    .replace(/\\([0-9a-f]{4,6})\s?/gi, (_, hex: string) => fromCode(Number.parseInt(hex, 16)));
}

/**
 * The code points of `text`, with both cases of every letter: CSS `text-transform` shows "Diseño" as
 * "DISEÑO" without the capital ever being written. Control characters are left out.
 */
export function codePointsOf(text: string): Set<number> {
  const points = new Set<number>();
  const add = (chars: string) => {
    for (const char of chars) {
      const code = char.codePointAt(0) as number;
      if (code >= 0x20 && !(code >= 0x7f && code < 0xa0)) points.add(code);
    }
  };
  // Each distinct character once: a page of 150 KB has a few hundred.
  for (const char of new Set(decodeEscapes(text))) {
    add(char);
    add(char.toUpperCase());
    add(char.toLowerCase());
  }
  return points;
}

function textFiles(dir: string, excluded: ReadonlySet<string>): string[] {
  if (excluded.has(dir)) return [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : textFiles(path, excluded);
    return TEXT_EXTENSIONS.has(extname(entry.name)) && !IGNORED_FILE.test(entry.name) ? [path] : [];
  });
}

export interface SiteText {
  codePoints: Set<number>;
  files: number;
}

/** Each text's characters beyond ASCII by the hash of the text, as `siteCharacters` keeps them between builds. */
type KnownCharacters = Map<string, number[]>;

function readKnown(file: string): KnownCharacters {
  try {
    const entries: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(entries)) return new Map();
    return new Map(
      entries.filter(
        (entry): entry is [string, number[]] =>
          Array.isArray(entry) &&
          typeof entry[0] === 'string' &&
          Array.isArray(entry[1]) &&
          entry[1].every((code) => Number.isInteger(code)),
      ),
    );
  } catch {
    return new Map();
  }
}

/** Written through a temporary name: a build running beside this one never reads half a file. */
function writeKnown(file: string, known: KnownCharacters): void {
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify([...known]));
  renameSync(temporary, file);
}

/**
 * The base set plus every character beyond ASCII in the text files under `dirs` but not under `exclude`
 * (paths relative to `root`). ASCII is decided by the base set alone: code is full of symbols no page shows.
 * With `cacheFile`, each file's characters are kept by the hash of its text: decoding escapes and listing
 * the characters of 4 MB of sources took a tenth of a second of every build's start; hashing them, a hundredth.
 */
export function siteCharacters(
  root: string,
  dirs: readonly string[],
  exclude: readonly string[] = [],
  cacheFile?: string,
): SiteText {
  const codePoints = codePointsOf(BASE_CHARACTERS);
  const excluded = new Set(exclude.map((dir) => join(root, dir)));
  const known = cacheFile ? readKnown(cacheFile) : new Map<string, number[]>();
  const seen: KnownCharacters = new Map();
  let files = 0;
  for (const dir of dirs) {
    for (const file of textFiles(join(root, dir), excluded)) {
      files += 1;
      const text = readFileSync(file, 'utf8');
      const key = createHash('sha256').update(text).digest('base64url');
      const beyondAscii = known.get(key) ?? [...codePointsOf(text)].filter((code) => code > 0x7e);
      seen.set(key, beyondAscii);
      for (const code of beyondAscii) codePoints.add(code);
    }
  }
  if (cacheFile && (seen.size !== known.size || [...seen.keys()].some((key) => !known.has(key))))
    writeKnown(cacheFile, seen);
  return { codePoints, files };
}
