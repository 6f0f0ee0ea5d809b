import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { sendJson } from '../api/http.ts';
import { apiRoutesConfigOf } from '../api/index.ts';
import { loadServerConfig } from '../config.ts';
import type { ApiResponse } from '../errors.ts';
import { prefersHtml } from './rate-limited-page.ts';

/** What Chromium and Firefox send when the visitor navigates (or a form posts). */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const PAGE = '<!doctype html><html lang="es-MX"><title>Demasiadas solicitudes</title><h1>429</h1></html>';
const THROTTLED = { success: false, message: 'Espera 60 s' };

/** A refusal as the API renders it: its status, its body and its headers. */
const refused = (status: number, message: string, headers?: Record<string, string>): ApiResponse => ({
  status,
  body: { success: false, message },
  ...(headers ? { headers } : {}),
});

describe('prefersHtml', () => {
  it.each([
    [NAVIGATION, true],
    ['text/html', true],
    ['application/xhtml+xml', true],
    ['text/*, application/json;q=0.5', true],
    ['text/html, application/json;q=0.9', true],
    ['TEXT/HTML ; Q=1', true],
  ])('a page for %j', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });

  it.each([
    // What fetch sends by default: the forms read JSON.
    ['*/*', false],
    [undefined, false],
    ['', false],
    ['application/json', false],
    ['application/json, text/plain, */*', false],
    // A tie keeps the API's own format.
    ['text/html, application/json', false],
    ['text/html;q=0', false],
    ['text/html;q=0.5, application/*', false],
    ['text/html;q=abc', false],
    ['garbage', false],
    [';;;,,,/;q=', false],
    ['text/html;q=-1', false],
  ])('JSON for %j', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });

  it('reads a header of thousands of ranges without giving up', () => {
    const long = `${Array.from({ length: 4000 }, (_, i) => `x-${i}/y;q=0.1`).join(',')},text/html`;
    expect(prefersHtml(long)).toBe(true);
    expect(prefersHtml(`${long};q=0`)).toBe(false);
  });
});

describe('a throttled API answer by what the client accepts', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'angram-429-'));
    writeFileSync(join(dist, '429.html'), PAGE);
    writeFileSync(join(dist, '429.html.br'), brotliCompressSync(PAGE));
    app = createApp({
      distDir: dist,
      api: {
        plugin: (scope) => {
          scope.post('/api/throttled', (_request, reply) =>
            sendJson(reply, refused(429, THROTTLED.message, { 'Retry-After': '60' })),
          );
          scope.post('/api/refused', (_request, reply) => sendJson(reply, refused(422, 'Revisa el formulario')));
          return Promise.resolve();
        },
        options: apiRoutesConfigOf(loadServerConfig({ NODE_ENV: 'test' })),
        close: () => Promise.resolve(),
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const post = (url: string, headers: Record<string, string>) => app.inject({ method: 'POST', url, headers });

  it('gives a browser the built page, with the 429 status and Retry-After', async () => {
    const response = await post('/api/throttled', { accept: NAVIGATION });
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['retry-after']).toBe('60');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary)).toMatch(/\bAccept\b/);
    expect(response.body).toBe(PAGE);
  });

  it('sends the build’s brotli copy to a browser that takes it', async () => {
    const response = await post('/api/throttled', { accept: NAVIGATION, 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
  });

  it('falls back to the plain page when the build has no copy in the accepted encoding', async () => {
    const response = await post('/api/throttled', { accept: NAVIGATION, 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(PAGE);
  });

  it('keeps the JSON message for the forms’ fetch and for API clients', async () => {
    for (const accept of ['*/*', 'application/json']) {
      const response = await post('/api/throttled', { accept });
      expect(response.statusCode).toBe(429);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['retry-after']).toBe('60');
      expect(String(response.headers.vary)).toMatch(/\bAccept\b/);
      expect(response.json()).toEqual(THROTTLED);
    }
  });

  it('leaves every other status as JSON, even to a browser', async () => {
    const response = await post('/api/refused', { accept: NAVIGATION });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('serves the page again after a live translation rewrote it', async () => {
    const edited = PAGE.replace('Demasiadas solicitudes', 'Muchas solicitudes seguidas');
    writeFileSync(join(dist, '429.html'), edited);
    // A later modification time, as the rename of a rewritten page gives.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dist, '429.html'), later, later);
    const response = await post('/api/throttled', { accept: NAVIGATION });
    expect(response.body).toBe(edited);
  });

  it('keeps the JSON when the build has no /429 page', async () => {
    rmSync(join(dist, '429.html'));
    const response = await post('/api/throttled', { accept: NAVIGATION });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(THROTTLED);
  });
});
