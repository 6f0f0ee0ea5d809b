/**
 * The characters of each built page's text, kept between builds by the hash of the page's bytes: a rebuild
 * after one edited page reads the text of that page only, where the font check used to strip the markup of
 * every page again (at a thousand wiki pages, 150 MB of HTML each build).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { codePointsOf } from './site-characters.ts';

/**
 * Beside the fonts' own cache. The name carries the version of how text is read from a page (`pageText`
 * and `codePointsOf`): change it when either changes, so no page keeps characters read the old way.
 */
export const PAGE_POINTS_CACHE_FILE = 'node_modules/.cache/angram-font-coverage/pages-v2.json';

/** Code points by page hash. */
export type PagePoints = Map<string, number[]>;

export async function readPagePoints(file: string): Promise<PagePoints> {
  try {
    const entries = JSON.parse(await readFile(file, 'utf8')) as unknown;
    if (!Array.isArray(entries)) return new Map();
    return new Map(
      entries.filter(
        (entry): entry is [string, number[]] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && Array.isArray(entry[1]),
      ),
    );
  } catch {
    return new Map();
  }
}

/** Keeps only the pages of this build, written through a temporary name (a build beside it reads it whole). */
export async function writePagePoints(file: string, points: PagePoints): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}`;
  await writeFile(temporary, JSON.stringify([...points]));
  await rename(temporary, file);
}

/**
 * The code points of `body`'s text (`text` reads it from the HTML): from `cache` when a page with the same
 * bytes was read before, else read now. Either way the answer goes into `next`, the cache for the next build.
 */
export function pagePoints(
  body: Buffer,
  text: (html: string) => string,
  cache: PagePoints,
  next: PagePoints,
): number[] {
  const key = createHash('sha256').update(body).digest('base64url');
  const points = cache.get(key) ?? [...codePointsOf(text(body.toString('utf8')))];
  next.set(key, points);
  return points;
}
