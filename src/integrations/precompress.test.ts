import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PagePass } from './built-html.ts';
import {
  compressionLevels,
  pageCompressionReader,
  precompressDirectory,
  startAssetCompression,
  startPageCompression,
} from './precompress.ts';

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

      // A page of the pass over the built pages is compressed as the steps before handed it, not as on disk.
      const held = page('Texto ya reescrito por el paso de la CSP.');
      const pages = pageCompressionReader(cacheDir, () => true);
      const rewriter = { wants: (path: string) => path === 'setup.html', rewrite: () => Buffer.from(held) };
      await new PagePass(site, [rewriter, pages.reader]).done(pages.reader);
      expect(brotliDecompressSync(await readFile(join(site, 'setup.html.br'))).toString()).toBe(held);
      expect(pages.result()).toMatchObject({ taken: new Set(['setup.html', 'seo.html']) });
      expect(pages.levelsHeld()).toBe(true);
    } finally {
      await rm(site, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('compresses the bundler’s files as it writes them, and the last step takes those copies', async () => {
    const site = await mkdtemp(join(tmpdir(), 'angram-precompress-early-'));
    const cacheDir = await mkdtemp(join(tmpdir(), 'angram-precompress-early-cache-'));
    try {
      const script = 'export const saludo = () => console.info("¡Hola desde el formulario!");\n'.repeat(30);
      const style = '.tarjeta { padding: 1rem; color: #0b1f33; }\n'.repeat(30);
      const serverChunk = 'export const servidor = true;\n'.repeat(30);
      await startAssetCompression(
        [
          { type: 'chunk', fileName: '_astro/LeadForm.B1x2y3.js', code: script },
          { type: 'asset', fileName: '_astro/wiki.C4d5e6.css', source: new TextEncoder().encode(style) },
          { type: 'chunk', fileName: 'chunks/prerender.mjs', code: serverChunk },
        ],
        cacheDir,
      );
      // Brotli and gzip copies of the script and the style; nothing of what stays out of dist/.
      expect((await readdir(cacheDir)).length).toBe(4);

      await mkdir(join(site, '_astro'));
      await writeFile(join(site, '_astro', 'LeadForm.B1x2y3.js'), script);
      // Written with other bytes than the bundle said: compressed again from what is on disk.
      const rewritten = style.replace('1rem', '2rem');
      await writeFile(join(site, '_astro', 'wiki.C4d5e6.css'), rewritten);
      const result = await precompressDirectory(site, { cacheDir });
      expect(result).toMatchObject({ files: 2, reused: 0, early: 1 });
      expect(brotliDecompressSync(await readFile(join(site, '_astro', 'LeadForm.B1x2y3.js.br'))).toString()).toBe(
        script,
      );
      expect(brotliDecompressSync(await readFile(join(site, '_astro', 'wiki.C4d5e6.css.br'))).toString()).toBe(
        rewritten,
      );
      expect(gunzipSync(await readFile(join(site, '_astro', 'wiki.C4d5e6.css.gz'))).toString()).toBe(rewritten);
    } finally {
      await rm(site, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('compresses in two passes what one pass would: the site beside the search index, then the index', async () => {
    const site = await mkdtemp(join(tmpdir(), 'angram-precompress-passes-'));
    try {
      const page = '<!doctype html><title>Wiki</title><p>Configura el correo de avisos.</p>'.repeat(40);
      const index = '{"version":"1.5.2","languages":{"es":{"hash":"es_4f2a","wasm":"es","page_count":37}}}'.repeat(8);
      await mkdir(join(site, 'pagefind'));
      await writeFile(join(site, 'correo.html'), page);
      await writeFile(join(site, 'pagefind', 'pagefind-entry.json'), index);
      const outside = (path: string) => !path.startsWith('pagefind/');
      const first = await precompressDirectory(site, { only: outside, prune: false });
      expect([...first.taken]).toEqual(['correo.html']);
      expect(existsSync(join(site, 'pagefind', 'pagefind-entry.json.br'))).toBe(false);
      const last = await precompressDirectory(site, { only: (path) => !first.taken.has(path) });
      expect([...last.taken]).toEqual(['pagefind/pagefind-entry.json']);
      expect(first.files + last.files).toBe(2);
      expect(brotliDecompressSync(await readFile(join(site, 'pagefind', 'pagefind-entry.json.br'))).toString()).toBe(
        index,
      );
      expect(gunzipSync(await readFile(join(site, 'correo.html.gz'))).toString()).toBe(page);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('starts on each page as it is rendered, unless the site looks too large for its level', async () => {
    const site = await mkdtemp(join(tmpdir(), 'angram-precompress-pages-'));
    const cacheDir = await mkdtemp(join(tmpdir(), 'angram-precompress-pages-cache-'));
    try {
      const page = '<!doctype html><title>Auditoría</title><p>Revisamos tu infraestructura en dos semanas.</p>'.repeat(
        60,
      );
      await startPageCompression(Buffer.from(page), 99, cacheDir);
      expect((await readdir(cacheDir)).filter((name) => name.includes('.q10w22p3.'))).toHaveLength(1);
      await writeFile(join(site, 'auditoria-infraestructura.html'), page);
      expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 1, reused: 0, early: 1 });
      expect(brotliDecompressSync(await readFile(join(site, 'auditoria-infraestructura.html.br'))).toString()).toBe(
        page,
      );

      // Two hundred thousand such pages would pass the large-site threshold: left for the last step.
      await startPageCompression(Buffer.from(page.replace('dos', 'tres')), 200_000, cacheDir);
      expect(await readdir(cacheDir)).toHaveLength(2);
    } finally {
      await rm(site, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('gives brotli 11 to the bundler’s files, 10 to the pages of today’s site, a fast level to a far larger one’s', () => {
    const today = 6.6 * 1024 * 1024;
    const grown = 150 * 1024 * 1024;
    expect(compressionLevels('_astro/react.Bo1YneMr.js', today)).toEqual({
      brotli: 11,
      window: 22,
      postfix: 0,
      gzip: 9,
    });
    expect(compressionLevels('_astro/react.Bo1YneMr.js', grown).brotli).toBe(11);
    expect(compressionLevels('en/contact.html', today)).toEqual({ brotli: 10, window: 22, postfix: 3, gzip: 9 });
    expect(compressionLevels('pagefind/pagefind-ui.js', today).brotli).toBe(10);
    expect(compressionLevels('wikiangram/setup.html', grown).brotli).toBeLessThan(10);
  });
});
