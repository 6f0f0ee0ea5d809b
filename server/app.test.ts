import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { loadAdminConfig } from './admin/config.ts';
import { TRUST_NO_PROXY } from './client/trusted-proxies.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

let dir: string;
let app: RunningApp;
const page =
  '<!doctype html><html lang="es-MX"><title>Contacto</title><p>Escríbenos, te respondemos en menos de 2 horas.</p></html>';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'angram-static-'));
  await mkdir(join(dir, 'contacto'));
  await mkdir(join(dir, 'portfolio', 'fintech-revolution'), { recursive: true });
  await mkdir(join(dir, '_astro'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Inicio</title>');
  await writeFile(join(dir, 'contacto', 'index.html'), page.repeat(20));
  await writeFile(join(dir, 'portfolio', 'fintech-revolution', 'index.html'), '<title>Caso</title>');
  await writeFile(join(dir, 'portfolio', '404.html'), '<title>Caso no encontrado</title>');
  await writeFile(join(dir, '404.html'), '<title>Página No Encontrada</title>');
  await writeFile(join(dir, '_astro', 'app.abc123.js'), 'console.info("hola");'.repeat(50));
  await writeFile(join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  // A page built as a file, with the copies the build writes beside it (told apart by their text).
  await writeFile(join(dir, 'servicios.html'), '<title>Servicios</title>');
  await writeFile(join(dir, 'servicios.html.gz'), gzipSync('<title>Servicios (copia comprimida al compilar)</title>'));
  // A copy older than its page is stale and ignored.
  await writeFile(join(dir, 'portfolio', 'fintech-revolution', 'index.html.gz'), gzipSync('<title>Viejo</title>'));
  const past = new Date('2020-01-01T00:00:00Z');
  await utimes(join(dir, 'portfolio', 'fintech-revolution', 'index.html.gz'), past, past);
  app = await startApp({ host: '127.0.0.1', port: 0, distDir: dir });
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(`${app.url}${path}`, { redirect: 'manual', ...init });

describe('production server: static site', () => {
  it('serves clean URLs from <path>/index.html', async () => {
    const response = await get('/contacto');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('menos de 2 horas');
  });

  it('redirects a trailing slash, .html or /index.html to the one canonical URL', async () => {
    for (const path of ['/contacto/', '/contacto/index.html', '/contacto.html', '/contacto.html?x=1']) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(path.endsWith('?x=1') ? '/contacto?x=1' : '/contacto');
    }
    // Pages built as files (build.format 'file') are served at their clean URL.
    expect(await (await get('/servicios')).text()).toContain('Servicios');
  });

  it('never redirects to another host, however the path is written', async () => {
    for (const path of [
      '/.//evil.example/',
      '/..//evil.example/',
      '/%2e//evil.example/',
      '/.\\evil.example/',
      '/.//evil.example',
      '//evil.example/x/',
      '/\\evil.example/',
    ]) {
      const response = await rawRequest(`GET ${path} HTTP/1.1`);
      const location = /^Location: (.*)$/im.exec(response)?.[1]?.trim();
      if (location !== undefined) {
        expect(location, path).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, 'https://www.angram.mx').host, path).toBe('www.angram.mx');
      }
    }
  });

  it('answers a path of thousands of segments with the site 404, looking up no more than a few folders', async () => {
    const deep = await get(`/${'a/'.repeat(7000)}x`);
    expect(deep.status).toBe(404);
    expect(await deep.text()).toContain('Página No Encontrada');
    const section = await get(`/portfolio/${'b/'.repeat(3000)}x`);
    expect(section.status).toBe(404);
  });

  it('serves the build’s pre-compressed copy, unless it is older than the file', async () => {
    const fresh = await fetchRaw('/servicios', 'gzip');
    expect(fresh.encoding).toBe('gzip');
    expect(gunzipSync(fresh.body).toString()).toBe('<title>Servicios (copia comprimida al compilar)</title>');
    const stale = await fetchRaw('/portfolio/fintech-revolution', 'gzip');
    expect(gunzipSync(stale.body).toString()).toBe('<title>Caso</title>');
  });

  it('answers unknown paths with the nearest 404.html and status 404', async () => {
    const section = await get('/portfolio/caso-inexistente');
    expect(section.status).toBe(404);
    expect(await section.text()).toContain('Caso no encontrado');
    const root = await get('/no/existe/nada');
    expect(root.status).toBe(404);
    expect(await root.text()).toContain('Página No Encontrada');
    expect((await get('/404')).status).toBe(404);
  });

  it('compresses text with brotli or gzip as the client accepts', async () => {
    const br = await get('/contacto', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const raw = await fetchRaw('/contacto', 'gzip');
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(page.repeat(20));
    const brRaw = await fetchRaw('/contacto', 'br;q=1, gzip;q=0.5');
    expect(brotliDecompressSync(brRaw.body).toString()).toBe(page.repeat(20));
    expect(brRaw.body.length).toBeLessThan(page.length * 20);
  });

  it('caches hashed assets for a year and pages not at all', async () => {
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/contacto')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect((await get('/favicon.ico')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('revalidates with ETag and answers HEAD without a body', async () => {
    const first = await get('/contacto');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    expect((await get('/contacto', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const head = await get('/contacto', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('never leaves the site folder and rejects malformed paths and other methods', async () => {
    const traversal = await rawRequest('GET /../../../etc/passwd HTTP/1.1');
    expect(traversal).toMatch(/^HTTP\/1\.1 404/);
    expect(traversal).not.toContain('root:');
    expect((await get('/%E0%A4%A')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    const post = await get('/contacto', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('sends the security headers on every response', async () => {
    for (const path of ['/', '/no-existe', '/_astro/app.abc123.js', '/api/webSite/contactFormSelects']) {
      const response = await get(path);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });

  it('answers /api/ with a Spanish 503 when no API is mounted', async () => {
    const response = await get('/api/webSite/contactFormSelects');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      success: false,
      message: 'El servicio de formularios no está disponible.',
    });
  });
});

/** fetch() decodes bodies; these helpers read the bytes as sent. */
async function fetchRaw(path: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${app.url}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

async function rawRequest(requestLine: string): Promise<string> {
  const { connect } = await import('node:net');
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('production server: the sales inbox', () => {
  it('hands /admin and below to the inbox, and nothing else', async () => {
    const seen: string[] = [];
    const withInbox = await startApp({
      host: '127.0.0.1',
      port: 0,
      distDir: dir,
      admin: {
        plugin: (scope) => {
          for (const url of ['/admin', '/admin/*'])
            scope.get(url, (request, reply) => {
              seen.push(request.url);
              return reply.send('bandeja');
            });
          return Promise.resolve();
        },
        options: { config: loadAdminConfig({}), trustProxy: TRUST_NO_PROXY },
        close: () => Promise.resolve(),
      },
    });
    try {
      for (const path of ['/admin', '/admin/contacts?page=2', '/admin/login']) {
        expect(await (await fetch(`${withInbox.url}${path}`)).text(), path).toBe('bandeja');
      }
      expect((await fetch(`${withInbox.url}/administrador`)).status).toBe(404);
      expect(seen).toEqual(['/admin', '/admin/contacts?page=2', '/admin/login']);
    } finally {
      await withInbox.close();
    }
    // Without an inbox, /admin is an unknown page of the site.
    expect((await get('/admin')).status).toBe(404);
  });
});
