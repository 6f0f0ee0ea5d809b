/**
 * The files the build emits as the server serves them: their MIME types, which of them are worth
 * compressing, and the suffix of the compressed copies the build writes beside them.
 */

/** File suffix of the copies written at build time (src/integrations/precompress.ts). */
export const PRECOMPRESSED_SUFFIX: Readonly<Record<'br' | 'gzip', string>> = { br: '.br', gzip: '.gz' };

/** MIME types of what the build emits. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.ics': 'text/calendar; charset=utf-8',
  '.pdf': 'application/pdf',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.ico',
  '.webmanifest',
  '.wasm',
  '.ics',
]);

export function contentTypeFor(extension: string): string {
  return TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
}

export function isCompressible(extension: string): boolean {
  return COMPRESSIBLE.has(extension.toLowerCase());
}
