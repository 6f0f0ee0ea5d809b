import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, resolve } from 'node:path';
import { cacheControlFor } from './cache-policy.ts';
import { contentTypeFor, isCompressible, PRECOMPRESSED_SUFFIX } from '../../core/static-files.ts';
import { compress, negotiateEncoding, type Encoding } from './compression.ts';
import { parseRequestTarget } from '../request-target.ts';
import { canonicalRedirect } from './canonical.ts';
import {
  precompressedCopy,
  resolveFile,
  resolveNotFound,
  safeRelativePath,
  type ResolvedFile,
} from './resolve-path.ts';

interface CachedBody {
  version: string;
  bodies: Partial<Record<Encoding, Buffer>>;
}

/**
 * Serves the built site: clean URLs, the nearest 404.html with status 404, ETag revalidation, the
 * build's brotli/gzip copies (or a compression done once off the event loop), kept in memory, and
 * cache headers per asset kind.
 */
export function createStaticHandler(rootDir: string) {
  const root = resolve(rootDir);
  const cache = new Map<string, CachedBody>();

  async function body(file: ResolvedFile, encoding: Encoding): Promise<Buffer> {
    const version = `${file.size}-${Math.trunc(file.mtimeMs)}`;
    let entry = cache.get(file.path);
    if (entry?.version !== version) {
      entry = { version, bodies: {} };
      cache.set(file.path, entry);
    }
    const cached = entry.bodies[encoding];
    if (cached) return cached;
    let payload: Buffer;
    if (encoding === 'identity') {
      payload = await readFile(file.path);
    } else {
      const copy = await precompressedCopy(file, PRECOMPRESSED_SUFFIX[encoding]);
      payload = copy ? await readFile(copy.path) : await compress(await body(file, 'identity'), encoding);
    }
    entry.bodies[encoding] = payload;
    return payload;
  }

  return async function handleStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Método no permitido');
      return;
    }
    const url = parseRequestTarget(req.url);
    if (!url) {
      // `//[/`, `//%5cevil.example/`: no page of this site; a client error, not ours to log.
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Solicitud mal formada');
      return;
    }
    const location = canonicalRedirect(url.pathname, url.search);
    if (location !== undefined) {
      res.writeHead(301, { Location: location, 'Cache-Control': 'public, max-age=3600' });
      res.end();
      return;
    }
    const relative = safeRelativePath(url.pathname);
    let file = relative === null ? null : await resolveFile(root, relative);
    let status = 200;
    if (!file) {
      file = await resolveNotFound(root, relative ?? '');
      status = 404;
    }
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Página no encontrada');
      return;
    }
    // Any 404.html, even requested by its own path, answers with the 404 status.
    if (basename(file.path) === '404.html') status = 404;

    const compressible = isCompressible(file.extension);
    const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
    const etag = `W/"${file.size.toString(16)}-${Math.trunc(file.mtimeMs).toString(16)}-${encoding}"`;
    const headers: Record<string, string> = {
      'Content-Type': contentTypeFor(file.extension),
      'Cache-Control': status === 404 ? 'no-cache' : cacheControlFor(url.pathname, file.extension),
      ETag: etag,
    };
    if (compressible) headers.Vary = 'Accept-Encoding';
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;

    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const payload = await body(file, encoding);
    headers['Content-Length'] = String(payload.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  };
}
