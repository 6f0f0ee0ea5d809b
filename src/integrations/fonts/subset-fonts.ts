/**
 * Cuts each variable font into a file of the characters the site uses (preloaded, under 20 KB) and a file
 * of the rest of the source's characters (declared with their own `unicode-range`, so a browser downloads
 * it only for a page, or a visitor's typing, that needs one of them). Either as one variable pair with the
 * weight axis narrowed to what the design uses, or as one static pair per weight. Only the OpenType
 * features the design shows are kept. Results are cached by a hash of everything that shapes them, so a
 * build pays only when something changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Font } from 'fontkit';
import { siteCharacters } from './site-characters.ts';
import { toUnicodeRange } from './unicode-range.ts';

export interface SubsetFamilySpec {
  name: string;
  cssVariable: `--${string}`;
  fallbacks: string[];
  /** Variable WOFF2 source, relative to the project root. */
  source: string;
  /**
   * The span of the `wght` axis the design uses; the rest of the axis is cut away. With `instances`,
   * the font is cut instead into one static file per listed weight (smaller when the design uses a
   * family at one or two weights); `preload` names the weight every page needs.
   */
  weight: { min: number; max: number; instances?: readonly number[]; preload?: number };
  /** OpenType features to keep (the ones browsers apply by default plus any the CSS asks for). */
  features: readonly string[];
}

/**
 * `site`: the preloaded file of the site's characters; `site-<weight>`: the same characters at another
 * static weight (fetched only by pages that use it); `rest`, `rest-<weight>`: the other characters.
 */
export type SubsetName = 'site' | 'rest' | `site-${number}` | `rest-${number}`;

export const isSiteSubset = (subset: string): boolean => subset === 'site' || subset.startsWith('site-');

export interface SubsetFace {
  subset: SubsetName;
  /** CSS `font-weight` of the face: a range for a variable file, one value for a static one. */
  weight: string;
  /** Absolute path of the WOFF2 file. */
  file: string;
  unicodeRange: [string, ...string[]];
  /** Code points the file covers. */
  codePoints: ReadonlySet<number>;
  bytes: number;
}

export interface SubsetFamily {
  spec: SubsetFamilySpec;
  faces: SubsetFace[];
  /** Every code point of the source font (what the site may use without falling back to a system font). */
  fontCodePoints: ReadonlySet<number>;
}

export interface SubsetOptions {
  root: string;
  /** Folders whose text files hold the site's copy. */
  textDirs: readonly string[];
  /** Folders inside those that hold no copy (build code). */
  excludeDirs?: readonly string[];
  cacheDir: string;
}

/** Bump when the way files are cut changes, so old cached files are not reused. */
const RECIPE_VERSION = 1;

function sourceCodePoints(font: Font): Set<number> {
  return new Set(font.characterSet.filter((code) => code >= 0x20));
}

function cacheKey(parts: ReadonlyArray<string | Buffer>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** A static weight (`instance`) or the variable range of the spec. */
async function cutFace(
  spec: SubsetFamilySpec,
  source: Buffer,
  subset: SubsetName,
  codePoints: ReadonlySet<number>,
  cacheDir: string,
  instance?: number,
): Promise<SubsetFace | null> {
  if (codePoints.size === 0) return null;
  const sorted = [...codePoints].sort((a, b) => a - b);
  const wght = instance ?? { min: spec.weight.min, max: spec.weight.max };
  const key = cacheKey([
    String(RECIPE_VERSION),
    source,
    sorted.join(','),
    JSON.stringify(wght),
    spec.features.join(','),
  ]);
  const file = join(cacheDir, `${spec.name.toLowerCase()}-${subset}-${key}.woff2`);
  if (!existsSync(file)) {
    const text = String.fromCodePoint(...sorted);
    // Loaded only to cut a file: its WebAssembly costs every build a tenth of a second otherwise.
    const { default: subsetFont } = await import('subset-font');
    const output = await subsetFont(source, text, {
      targetFormat: 'woff2',
      keepFeatures: [...spec.features],
      variationAxes: { wght },
    });
    writeFileSync(file, output);
  }
  const [first, ...others] = toUnicodeRange(sorted);
  return {
    subset,
    weight: instance === undefined ? `${spec.weight.min} ${spec.weight.max}` : String(instance),
    file,
    unicodeRange: [first as string, ...others],
    codePoints,
    bytes: readFileSync(file).length,
  };
}

/** The site and rest files of a family: one pair for a variable cut, one pair per weight for static cuts. */
async function cutFamily(
  spec: SubsetFamilySpec,
  source: Buffer,
  site: Set<number>,
  rest: Set<number>,
  cacheDir: string,
): Promise<SubsetFace[]> {
  const { instances, preload } = spec.weight;
  if (!instances) {
    return [
      await cutFace(spec, source, 'site', site, cacheDir),
      await cutFace(spec, source, 'rest', rest, cacheDir),
    ].filter((face): face is SubsetFace => face !== null);
  }
  if (preload === undefined || !instances.includes(preload))
    throw new Error(`${spec.name}: el peso precargado debe ser uno de ${instances.join(', ')}.`);
  const faces: SubsetFace[] = [];
  // The preloaded weight first: Astro measures the fallback's metrics on a family's first face.
  for (const weight of [preload, ...instances.filter((w) => w !== preload)]) {
    const main = weight === preload;
    faces.push(
      ...[
        await cutFace(spec, source, main ? 'site' : `site-${weight}`, site, cacheDir, weight),
        await cutFace(spec, source, main ? 'rest' : `rest-${weight}`, rest, cacheDir, weight),
      ].filter((face): face is SubsetFace => face !== null),
    );
  }
  return faces;
}

/** Removes cached files no current family uses, so the cache does not grow with every copy change. */
function pruneCache(cacheDir: string, keep: ReadonlySet<string>): void {
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    if ((name.endsWith('.woff2') || name.endsWith(SOURCE_FACTS_SUFFIX)) && !keep.has(path))
      rmSync(path, { force: true });
  }
}

const SOURCE_FACTS_SUFFIX = '.source.json';
/** Each source file's characters, by the hash of its text (./site-characters.ts). */
const SITE_CHARACTERS_FILE = 'site-characters.json';

/** What the build needs to know of a source font: its weight axis and every character it has. */
interface SourceFacts {
  axis: { min: number; max: number } | null;
  codePoints: number[];
}

function isSourceFacts(value: unknown): value is SourceFacts {
  if (typeof value !== 'object' || value === null || !('axis' in value) || !('codePoints' in value)) return false;
  const { axis, codePoints } = value;
  const axisOk =
    axis === null ||
    (typeof axis === 'object' && 'min' in axis && 'max' in axis && [axis.min, axis.max].every(Number.isFinite));
  return axisOk && Array.isArray(codePoints) && codePoints.every(Number.isInteger);
}

/**
 * The source's axis and characters, kept in the cache by the hash of its bytes: reading them takes fontkit
 * and its JavaScript brotli decoder, a tenth of a second of every build's start otherwise.
 */
async function sourceFacts(spec: SubsetFamilySpec, source: Buffer, cacheDir: string): Promise<[SourceFacts, string]> {
  const file = join(
    cacheDir,
    `${spec.name.toLowerCase()}-${cacheKey([String(RECIPE_VERSION), source])}${SOURCE_FACTS_SUFFIX}`,
  );
  if (existsSync(file)) {
    const kept: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isSourceFacts(kept)) return [kept, file];
  }
  const { create } = await import('fontkit');
  const font = create(source);
  if ('fonts' in font) throw new Error(`${spec.source} es una colección de fuentes; se espera un solo archivo WOFF2.`);
  const wght = font.variationAxes.wght;
  const facts: SourceFacts = {
    axis: wght ? { min: wght.min, max: wght.max } : null,
    codePoints: [...sourceCodePoints(font)],
  };
  writeFileSync(file, JSON.stringify(facts));
  return [facts, file];
}

export async function subsetFamilies(
  specs: readonly SubsetFamilySpec[],
  options: SubsetOptions,
): Promise<SubsetFamily[]> {
  const cacheDir = resolve(options.root, options.cacheDir);
  mkdirSync(cacheDir, { recursive: true });
  const { codePoints: siteCodePoints } = siteCharacters(
    options.root,
    options.textDirs,
    options.excludeDirs,
    join(cacheDir, SITE_CHARACTERS_FILE),
  );

  const families: SubsetFamily[] = [];
  const factsFiles: string[] = [];
  for (const spec of specs) {
    const source = readFileSync(resolve(options.root, spec.source));
    const [{ axis, codePoints }, factsFile] = await sourceFacts(spec, source, cacheDir);
    factsFiles.push(factsFile);
    if (!axis) throw new Error(`${spec.source} no es una fuente variable con eje wght.`);
    const weights = [spec.weight.min, spec.weight.max, ...(spec.weight.instances ?? [])];
    if (weights.some((weight) => weight < axis.min || weight > axis.max)) {
      throw new Error(
        `${spec.name}: los pesos ${weights.join(', ')} salen del eje de la fuente (${axis.min}-${axis.max}).`,
      );
    }
    const fontCodePoints = new Set(codePoints);
    const site = new Set([...fontCodePoints].filter((code) => siteCodePoints.has(code)));
    const rest = new Set([...fontCodePoints].filter((code) => !site.has(code)));
    families.push({ spec, faces: await cutFamily(spec, source, site, rest, cacheDir), fontCodePoints });
  }
  pruneCache(
    cacheDir,
    new Set([...factsFiles, ...families.flatMap((family) => family.faces.map((face) => face.file))]),
  );
  return families;
}
