/**
 * Request targets no page has: malformed ones (`//[/`) answer 400 and are not logged as errors, and a
 * run of 100 KB of slashes gets its answer like any other path (the length is cut before anything
 * looks at the path; the trimming is one pass).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from './testing/api.ts';
import { createApp, startApp, type RunningApp } from './app.ts';
import { stderrLogger } from './log/logger.ts';
import { parseRequestTarget, withoutTrailingSlashes } from './request-target.ts';
import { canonicalRedirect } from './static/canonical.ts';
import { createStaticHandler } from './static/static-handler.ts';

const RUN = '/'.repeat(100_000);

describe('reading a request target', () => {
  it('gives path and query of a path of this site, whatever the URL rules make of it', () => {
    expect(parseRequestTarget('/contacto?utm_source=x')).toEqual({ pathname: '/contacto', search: '?utm_source=x' });
    expect(parseRequestTarget('/a/../contacto')).toEqual({ pathname: '/contacto', search: '' });
    expect(parseRequestTarget('http://www.angram.mx/contacto')).toEqual({ pathname: '/contacto', search: '' });
    expect(parseRequestTarget(undefined)).toEqual({ pathname: '/', search: '' });
  });

  it('says no, never throws, for targets that are no path of this site', () => {
    for (const target of [
      '//%5cevil.example/',
      '//[/',
      '//%/',
      '//evil.example/x',
      '/.//evil.example/',
      '/\\evil.example/',
      '///',
      '*',
      'evil.example',
      'http://[/',
      'mailto:ana@empresa.mx',
      'http://www.angram.mx//evil.example',
    ]) {
      expect(parseRequestTarget(target), target).toBeUndefined();
    }
  });

  it('trims 100 KB of trailing slashes in one pass, keeping a lone slash', () => {
    expect(withoutTrailingSlashes(`/contacto${RUN}`)).toBe('/contacto');
    expect(withoutTrailingSlashes(`/a${RUN}b`)).toBe(`/a${RUN}b`);
    expect(withoutTrailingSlashes(RUN)).toBe('/');
    expect(withoutTrailingSlashes('/')).toBe('/');
  });

  it('redirects no 100 KB run of slashes: a path that long is no page (404), cut before it is read', () => {
    expect(canonicalRedirect(`/contacto${RUN}`, '')).toBeUndefined();
    expect(canonicalRedirect(`/a${RUN}b`, '')).toBeUndefined();
    expect(canonicalRedirect(`/a${RUN}b${RUN}`, '?x=1')).toBeUndefined();
    // Short ones are still sent to their page.
    expect(canonicalRedirect('/contacto//', '')).toBe('/contacto');
  });
});

/** A server that takes request lines of any length (Node's own limit is 16 KB), for 100 KB targets. */
async function listen(handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<Server> {
  const server = createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The status line of a raw GET (fetch would normalise the target first). */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('end', () => resolve(data.split('\r\n', 1)[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('over HTTP', () => {
  let dir: string;
  let app: RunningApp;
  let api: TestApi;
  const servers: Server[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'angram-targets-'));
    await writeFile(join(dir, 'index.html'), '<title>Inicio</title>');
    await writeFile(join(dir, 'contacto.html'), '<title>Contacto</title>');
    await writeFile(join(dir, '404.html'), '<title>Página no encontrada</title>');
    app = await startApp({ host: '127.0.0.1', port: 0, distDir: dir });
    api = await startTestApi();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await app.close();
    await api.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers malformed targets 400, not 500, and logs no error for them', async () => {
    const errors = vi.spyOn(stderrLogger, 'error');
    const { port } = new URL(app.url);
    for (const target of ['//%5cevil.example/', '//[/', '//%/', '//[::1', '///']) {
      expect(await rawGet(Number(port), target), target).toBe('HTTP/1.1 400 Bad Request');
    }
    expect(await rawGet(Number(port), '/%')).toBe('HTTP/1.1 404 Not Found');
    expect(await rawGet(Number(port), '/contacto')).toBe('HTTP/1.1 200 OK');
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers 100 KB slash runs on the site with its 404 page, and in the API with its 404', async () => {
    const site = await listen(createStaticHandler(dir));
    const apiServer = createApp({ api: api.api, maxHeaderSize: 1024 * 1024 });
    await apiServer.listen({ port: 0, host: '127.0.0.1' });
    servers.push(site, apiServer.server);
    const sitePort = (site.address() as AddressInfo).port;
    const apiPort = (apiServer.server.address() as AddressInfo).port;
    for (const target of [`/contacto${RUN}`, `/a${RUN}b`, `/a${RUN}b${RUN}`]) {
      expect(await rawGet(sitePort, target)).toBe('HTTP/1.1 404 Not Found');
    }
    expect(await rawGet(sitePort, `${RUN}x`)).toBe('HTTP/1.1 400 Bad Request');
    for (const target of [`/api/health${RUN}`, `/api/${RUN}health`, `/api/webSite/contactFormSelects${RUN}x${RUN}`]) {
      expect(await rawGet(apiPort, target)).toBe('HTTP/1.1 404 Not Found');
    }
    // A few trailing slashes are still the route.
    expect(await rawGet(apiPort, '/api/health//')).toBe('HTTP/1.1 200 OK');
  });
});
