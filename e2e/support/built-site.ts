/**
 * Reads the built site in dist/ synchronously, so quality specs can create one test per page at
 * collection time. Paths are URL paths as the production server answers them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { isUnlisted } from '../../src/lib/i18n/routes.ts';

export const DIST = resolve('dist');

export interface BuiltPage {
  /** URL path: `/`, `/contacto`, `/portfolio/404`. */
  path: string;
  file: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

function fileToPath(file: string): string {
  const rel = relative(DIST, file).split(sep).join('/');
  if (rel === 'index.html') return '/';
  return `/${rel.replace(/\/index\.html$/, '').replace(/\.html$/, '')}`;
}

/** Every HTML document of the build except Pagefind's assets. */
export function builtPages(): BuiltPage[] {
  if (!existsSync(DIST)) return [];
  return walk(DIST)
    .filter((file) => file.endsWith('.html') && !file.includes(`${sep}pagefind${sep}`))
    .map((file) => ({ path: fileToPath(file), file }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Absolute URLs listed by the sitemap index and its sitemaps. */
export function sitemapUrls(): string[] {
  const indexFile = join(DIST, 'sitemap-index.xml');
  if (!existsSync(indexFile)) return [];
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
  return locs(readFileSync(indexFile, 'utf8')).flatMap((sitemap) =>
    locs(readFileSync(join(DIST, new URL(sitemap).pathname), 'utf8')),
  );
}

export function sitemapPathsFromDist(): string[] {
  return sitemapUrls().map((url) => new URL(url).pathname);
}

const cache = new Map<string, HTMLElement>();
export function parsePage(file: string): HTMLElement {
  let root = cache.get(file);
  if (!root) {
    root = parse(readFileSync(file, 'utf8'), { comment: false });
    cache.set(file, root);
  }
  return root;
}

/** The built file a URL path is served from, or null. Mirrors server/static/resolve-path.ts. */
export function fileForPath(path: string): string | null {
  const base = join(DIST, decodeURIComponent(path));
  if (!base.startsWith(DIST)) return null;
  for (const candidate of [base, `${base}.html`, join(base, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function pageForPath(path: string): BuiltPage | undefined {
  const file = fileForPath(path);
  return file ? { path, file } : undefined;
}

/**
 * Error pages (404, 429), the wiki's redirect and the pages only a private link opens (the meeting page, in
 * every language, as the site's route table marks them) stay out of the sitemap.
 */
export function isUnlistedPage(path: string): boolean {
  return (
    /(^|\/)404$/.test(path) ||
    path === '/429' ||
    path === '/wikiangram' ||
    path.includes('/preview/') ||
    isUnlisted(path)
  );
}

/** Width and height from a PNG, JPEG or WebP header. */
export function imageSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(1, 4).toString() === 'PNG')
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.subarray(8, 12).toString() === 'WEBP') {
    const chunk = bytes.subarray(12, 16).toString();
    if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('formato de imagen no reconocido');
}
