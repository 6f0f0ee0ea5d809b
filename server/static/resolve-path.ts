import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

export interface ResolvedFile {
  path: string;
  size: number;
  mtimeMs: number;
  extension: string;
}

/** Decodes the URL path; `null` when it is malformed or tries to leave the root. */
export function safeRelativePath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const normalized = normalize(decoded).replace(/^[/\\]+/, '');
  if (normalized === '..' || normalized.startsWith(`..${sep}`)) return null;
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

/** The nearest `404.html` walking up from the requested path to the root (section-specific pages first). */
export async function resolveNotFound(root: string, relative: string): Promise<ResolvedFile | null> {
  const parts = relative.split(sep).filter(Boolean);
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const candidate = await fileAt(join(root, ...parts.slice(0, depth), '404.html'));
    if (candidate) return candidate;
  }
  return null;
}
