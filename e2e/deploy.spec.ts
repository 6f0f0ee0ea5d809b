/** What a CDN or the production server gets from the build: pages as files, compressed copies beside them. */
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { test, expect } from './support/fixtures.ts';

/** The body exactly as sent (fetch would decode it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

test('pages are built as files, so /contacto needs no redirect on any host', () => {
  expect(existsSync('dist/contacto.html')).toBe(true);
  expect(existsSync('dist/contacto/index.html')).toBe(false);
  expect(existsSync('dist/portfolio/404.html')).toBe(true);
  expect(existsSync('dist/wikiangram/overview.html')).toBe(true);
});

test('the server answers canonical URLs directly and sends the build’s brotli copy', async ({ baseURL }) => {
  const page = await rawGet(`${baseURL}/contacto`, { 'Accept-Encoding': 'br' });
  expect(page.status).toBe(200);
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.body.equals(readFileSync('dist/contacto.html.br'))).toBe(true);
  const gzip = await rawGet(`${baseURL}/`, { 'Accept-Encoding': 'gzip' });
  expect(gzip.body.equals(readFileSync('dist/index.html.gz'))).toBe(true);
  const legacy = await rawGet(`${baseURL}/contacto.html`, {});
  expect(legacy.status).toBe(301);
  expect(legacy.headers.location).toBe('/contacto');
});
