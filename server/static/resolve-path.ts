import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

export interface ResolvedFile {
  path: string;
  size: number;
  mtimeMs: number;
  extension: string;
}

/** No page of the site is deeper than this; a longer path is not looked up at all. */
export const MAX_PATH_SEGMENTS = 16;
export const MAX_PATH_LENGTH = 1024;

/** Decodes the URL path; `null` when it is malformed, too long, or tries to leave the root. */
export function safeRelativePath(urlPath: string): string | null {
  if (urlPath.length > MAX_PATH_LENGTH) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const normalized = normalize(decoded).replace(/^[/\\]+/, '');
  if (normalized === '..' || normalized.startsWith(`..${sep}`)) return null;
  if (normalized.split(sep).length > MAX_PATH_SEGMENTS) return null;
  return normalized;
}

async function fileAt(path: string): Promise<ResolvedFile | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return { path, size: info.size, mtimeMs: info.mtimeMs, extension: extname(path).toLowerCase() };
  } catch {
    return null;
  }
}

/** Maps a clean URL to a built file: the file itself, `<path>.html` or `<path>/index.html`. */
export async function resolveFile(root: string, relative: string): Promise<ResolvedFile | null> {
  const base = join(root, relative);
  if (!base.startsWith(root)) return null;
  return (await fileAt(base)) ?? (await fileAt(`${base}.html`)) ?? (await fileAt(join(base, 'index.html')));
}

/**
 * Where the nearest `404.html` may be, nearest first: each folder from the requested path up to the
 * root. At most `MAX_PATH_SEGMENTS` deep, so a path of thousands of segments costs no more.
 */
export function notFoundCandidates(relative: string): string[] {
  const parts = relative.split(sep).filter(Boolean).slice(0, MAX_PATH_SEGMENTS);
  const candidates: string[] = [];
  for (let depth = parts.length - 1; depth >= 0; depth--) candidates.push(join(...parts.slice(0, depth), '404.html'));
  return candidates.length > 0 ? candidates : ['404.html'];
}

/** The nearest `404.html` walking up from the requested path (section-specific pages first). */
export async function resolveNotFound(root: string, relative: string): Promise<ResolvedFile | null> {
  for (const candidate of notFoundCandidates(relative)) {
    const file = await fileAt(join(root, candidate));
    if (file) return file;
  }
  return null;
}

/** The build's pre-compressed copy (`<file>.br`, `<file>.gz`) when it exists and is current. */
export async function precompressedCopy(file: ResolvedFile, suffix: string): Promise<ResolvedFile | null> {
  const copy = await fileAt(file.path + suffix);
  // A copy older than its source is stale (the file was edited after the build): not used.
  // Whole milliseconds: file systems and utimes() keep sub-millisecond parts differently.
  return copy && Math.trunc(copy.mtimeMs) >= Math.trunc(file.mtimeMs) ? copy : null;
}
