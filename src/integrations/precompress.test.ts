import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressionLevels, precompressDirectory } from './precompress.ts';

describe('build-time compression', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text files, with the source’s time, and leaves images alone', async () => {
    dir = await mkdtemp(join(tmpdir(), 'angram-precompress-'));
    const html = '<!doctype html><title>Contacto</title><p>Escríbenos, te respondemos en menos de 2 horas.</p>'.repeat(
      30,
    );
    await mkdir(join(dir, '_astro'));
    await writeFile(join(dir, 'contacto.html'), html);
    await writeFile(join(dir, '_astro', 'app.js'), 'console.info("hola");'.repeat(40));
    await writeFile(join(dir, 'tiny.txt'), 'ok');
    await writeFile(join(dir, 'foto.webp'), Buffer.alloc(2048, 7));
    const result = await precompressDirectory(dir);
    expect(result.files).toBe(2);
    expect(brotliDecompressSync(await readFile(join(dir, 'contacto.html.br'))).toString()).toBe(html);
    expect(gunzipSync(await readFile(join(dir, 'contacto.html.gz'))).toString()).toBe(html);
    expect(existsSync(join(dir, '_astro', 'app.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'tiny.txt.br'))).toBe(false);
    expect(existsSync(join(dir, 'foto.webp.br'))).toBe(false);
    expect(Math.trunc((await stat(join(dir, 'contacto.html.br'))).mtimeMs)).toBe(
      Math.trunc((await stat(join(dir, 'contacto.html'))).mtimeMs),
    );
  });

  it('reuses the copies of unchanged files from its cache, after dist/ is emptied, and compresses what changed', async () => {
    const site = await mkdtemp(join(tmpdir(), 'angram-precompress-site-'));
    const cacheDir = await mkdtemp(join(tmpdir(), 'angram-precompress-cache-'));
    try {
      const page = (text: string) => `<!doctype html><title>Wiki</title><p>${text}</p>`.repeat(40);
      await writeFile(join(site, 'setup.html'), page('Instala Node 24 y corre npm ci.'));
      await writeFile(join(site, 'seo.html'), page('Cada página lleva su URL canónica.'));
      const first = await precompressDirectory(site, { cacheDir });
      expect(first).toMatchObject({ files: 2, reused: 0 });

      await rm(join(site, 'setup.html.br'));
      await writeFile(join(site, 'seo.html'), page('Cada página lleva su URL canónica y su descripción.'));
      const second = await precompressDirectory(site, { cacheDir });
      expect(second).toMatchObject({ files: 2, reused: 1 });
      expect(brotliDecompressSync(await readFile(join(site, 'setup.html.br'))).toString()).toBe(
        page('Instala Node 24 y corre npm ci.'),
      );
      expect(gunzipSync(await readFile(join(site, 'seo.html.gz'))).toString()).toBe(
        page('Cada página lleva su URL canónica y su descripción.'),
      );

      // A page held in memory by the steps before compression is compressed as held, not as on disk.
      const held = page('Texto ya reescrito por el paso de la CSP.');
      await precompressDirectory(site, { cacheDir, html: new Map([['setup.html', Buffer.from(held)]]) });
      expect(brotliDecompressSync(await readFile(join(site, 'setup.html.br'))).toString()).toBe(held);
    } finally {
      await rm(site, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('keeps brotli 11 for a site of today’s size and a fast level only for the HTML of a far larger one', () => {
    const today = 4.5 * 1024 * 1024;
    const grown = 150 * 1024 * 1024;
    expect(compressionLevels('.html', today)).toEqual({ brotli: 11, window: 22, gzip: 9 });
    expect(compressionLevels('.js', grown).brotli).toBe(11);
    expect(compressionLevels('.html', grown).brotli).toBeLessThan(11);
  });
});
