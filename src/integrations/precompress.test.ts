import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { PagePass } from './built-html.ts';
import { openPack } from './cache-pack.ts';
import {
  compressionLevels,
  pageCompressionReader,
  precompressDirectory,
  startAssetCompression,
  startPageCompression,
} from './precompress.ts';
import { copiesRecord, previousCopies, type CopiesRecord } from './previous-copies.ts';
import { recordBuild, setPreviousBuildAside } from './previous-build.ts';

/** A throwaway site folder and compression cache for `run`, removed afterwards whatever happens. */
async function withSiteAndCache(name: string, run: (site: string, cacheDir: string) => Promise<void>): Promise<void> {
  const site = await mkdtemp(join(tmpdir(), `angram-precompress-${name}-`));
  const cacheDir = await mkdtemp(join(tmpdir(), `angram-precompress-${name}-cache-`));
  try {
    await run(site, cacheDir);
  } finally {
    await rm(site, { recursive: true, force: true });
    await rm(cacheDir, { recursive: true, force: true });
  }
}

/** Whether the cache holds the copy of `text` compressed with the settings `suffix` names (`.q10w22p3.br`). */
async function inCache(cacheDir: string, text: string, suffix: string): Promise<boolean> {
  const pack = openPack(cacheDir, { readOnly: true });
  const found = pack.has(createHash('sha256').update(text).digest('base64url') + suffix);
  await pack.commit();
  return found;
}

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
    await withSiteAndCache('site', async (site, cacheDir) => {
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
    });
  });

  it('moves the previous build’s copies of unchanged files back into dist/, and only copies still whole', async () => {
    await withSiteAndCache('previous', async (project, cacheDir) => {
      const site = join(project, 'dist');
      const aside = join(project, 'previous-builds');
      const page = (text: string) => `<!doctype html><title>Wiki</title><p>${text}</p>`.repeat(40);
      const texts = {
        setup: 'Instala Node 24.',
        seo: 'URL canónica.',
        correo: 'SMTP y reintentos.',
        faq: 'Dudas.',
        respaldos: 'Cada noche.',
        despliegue: 'Un solo servidor.',
      };
      await mkdir(site);
      for (const [name, text] of Object.entries(texts)) await writeFile(join(site, `${name}.html`), page(text));
      const first = await precompressDirectory(site, { cacheDir });
      await recordBuild(aside, site, copiesRecord(first.compressed.map((each) => [each.path, each.copies])));

      // The next build. setup: unchanged. seo: edited. correo: unchanged, its copies recorded as made with
      // other levels (what a change of `compressionLevels` would leave). faq: its brotli copy gone.
      // respaldos: its gzip copy cut short (a power cut). despliegue: one byte of its brotli copy changed.
      const { previous } = await setPreviousBuildAside(site, aside);
      const record = previous.record as CopiesRecord;
      for (const row of record.copies) if (row[0] === 'correo.html') row[1] = row[1].replace('.q10', '.q11');
      await rm(join(previous.files, 'faq.html.br'));
      const cut = join(previous.files, 'respaldos.html.gz');
      await writeFile(cut, (await readFile(cut)).subarray(0, 20));
      const rewritten = join(previous.files, 'despliegue.html.br');
      const copy = await readFile(rewritten);
      copy[copy.length - 2] = (copy[copy.length - 2] ?? 0) ^ 0xff;
      await writeFile(rewritten, copy);
      await mkdir(site, { recursive: true });
      const edited = { ...texts, seo: 'URL canónica y descripción.' };
      for (const [name, text] of Object.entries(edited)) await writeFile(join(site, `${name}.html`), page(text));

      const second = await precompressDirectory(site, { cacheDir, previous: previousCopies(previous) });
      expect(second).toMatchObject({ files: 6, movedBack: 1, reused: 5 });
      expect(existsSync(join(previous.files, 'setup.html.br'))).toBe(false);
      expect(existsSync(join(previous.files, 'correo.html.br'))).toBe(true);
      for (const [name, text] of Object.entries(edited)) {
        const file = join(site, `${name}.html`);
        expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(page(text));
        expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(page(text));
        expect(Math.trunc((await stat(`${file}.br`)).mtimeMs)).toBe(Math.trunc((await stat(file)).mtimeMs));
      }
      // The copies moved back stay in the cache for a build without dist/: in this build's pack, not only in
      // the one before.
      await rm(join(cacheDir, 'pack.previous'));
      expect(await inCache(cacheDir, page(texts.setup), '.q10w22p3.br')).toBe(true);
      expect(await inCache(cacheDir, page(texts.setup), '.l9.gz')).toBe(true);
      // A record of another layout moves nothing.
      expect(previousCopies({ ...previous, record: { ...record, format: 'otro' } }).recorded.size).toBe(0);
      expect(previousCopies({ ...previous, record: undefined }).recorded.size).toBe(0);
    });
  });

  it('tells when the pages it was handed put the site on the other side of the large-site level than its estimate', async () => {
    await withSiteAndCache('levels', async (site, cacheDir) => {
      // Two pages of 4.5 MB on disk: over the 8 MB that make a site large, so the estimate picks brotli 5.
      const big = `<!doctype html><title>Wiki</title>${'<p>Una línea de la barra lateral.</p>'.repeat(120_000)}`;
      for (const name of ['a.html', 'b.html']) await writeFile(join(site, name), big);
      const pages = pageCompressionReader(cacheDir, () => true);
      // The CSP step trims one of them to a few bytes: what was written is a small site after all.
      const small = Buffer.from('<!doctype html><title>Wiki</title><p>Recortada.</p>'.repeat(10));
      const rewriter = { wants: (path: string) => path === 'a.html', rewrite: () => small };
      await new PagePass(site, [rewriter, pages.reader]).done(pages.reader);
      expect(pages.levelsHeld()).toBe(false);
    });
  });

  it('keeps its cache in one pack file per build, reusing every unchanged page’s copies and staying bounded', async () => {
    await withSiteAndCache('builds', async (site, cacheDir) => {
      const page = (name: string, edit: number) =>
        `<!doctype html><title>${name}</title><p>Guía de ${name}, revisión ${edit}.</p>`.repeat(60);
      const names = ['setup', 'seo', 'correo', 'despliegue', 'respaldos'];
      for (const name of names) await writeFile(join(site, `${name}.html`), page(name, 0));
      expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 5, reused: 0 });
      const oneBuild = (await stat(join(cacheDir, 'pack'))).size;
      // Twelve builds, each after an editor changed one page, dist/ emptied in between.
      for (let edit = 1; edit <= 12; edit += 1) {
        for (const name of await readdir(site)) if (!name.endsWith('.html')) await rm(join(site, name));
        await writeFile(join(site, 'setup.html'), page('setup', edit));
        expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 5, reused: 4 });
      }
      expect(gunzipSync(await readFile(join(site, 'respaldos.html.gz'))).toString()).toBe(page('respaldos', 0));
      expect(brotliDecompressSync(await readFile(join(site, 'setup.html.br'))).toString()).toBe(page('setup', 12));
      expect((await readdir(cacheDir)).sort()).toEqual(['pack', 'pack.previous']);
      for (const name of ['pack', 'pack.previous'])
        expect((await stat(join(cacheDir, name))).size).toBeLessThan(oneBuild * 1.1);
    });
  });

  it('compresses again, never serving a wrong copy, when its cache file is damaged or cut short', async () => {
    await withSiteAndCache('damaged', async (site, cacheDir) => {
      const page = '<!doctype html><title>Respaldos</title><p>Cada noche, cifrados y fuera del servidor.</p>'.repeat(
        50,
      );
      await writeFile(join(site, 'respaldos.html'), page);
      await precompressDirectory(site, { cacheDir });
      const pack = join(cacheDir, 'pack');
      const bytes = await readFile(pack);
      // The compressed copies come first: zeroes over them, index intact.
      await writeFile(pack, Buffer.concat([Buffer.alloc(64), bytes.subarray(64)]));
      expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 1, reused: 0 });
      expect(brotliDecompressSync(await readFile(join(site, 'respaldos.html.br'))).toString()).toBe(page);
      expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 1, reused: 1 });

      for (const name of await readdir(cacheDir)) await writeFile(join(cacheDir, name), bytes.subarray(0, 100));
      expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 1, reused: 0 });
      expect(gunzipSync(await readFile(join(site, 'respaldos.html.gz'))).toString()).toBe(page);
    });
  });

  it('compresses the bundler’s files as it writes them, and the last step takes those copies', async () => {
    await withSiteAndCache('early', async (site, cacheDir) => {
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
      // The next build finds the script's copies; nothing of what stays out of dist/ was compressed.
      expect(await inCache(cacheDir, script, '.q10w22p3.br')).toBe(true);
      expect(await inCache(cacheDir, serverChunk, '.q10w22p3.br')).toBe(false);
    });
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
      const first = await precompressDirectory(site, { only: outside, last: false });
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

  it('starts on each page as it is rendered; a wrong guess of the site’s size costs time, never bytes', async () => {
    await withSiteAndCache('pages', async (site, cacheDir) => {
      const page = '<!doctype html><title>Auditoría</title><p>Revisamos tu infraestructura en dos semanas.</p>'.repeat(
        60,
      );
      await startPageCompression(Buffer.from(page), 99, cacheDir);
      await writeFile(join(site, 'auditoria-infraestructura.html'), page);
      expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 1, reused: 0, early: 1 });
      expect(brotliDecompressSync(await readFile(join(site, 'auditoria-infraestructura.html.br'))).toString()).toBe(
        page,
      );

      // Two hundred thousand such pages would pass the large-site threshold: compressed early at its fast
      // level, then again at the level the one page written calls for, which the next build finds.
      const large = page.replace('dos', 'tres');
      await startPageCompression(Buffer.from(large), 200_000, cacheDir);
      await writeFile(join(site, 'auditoria-infraestructura.html'), large);
      expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 1, reused: 0, early: 0 });
      expect(brotliDecompressSync(await readFile(join(site, 'auditoria-infraestructura.html.br'))).toString()).toBe(
        large,
      );
      expect(await inCache(cacheDir, large, '.q10w22p3.br')).toBe(true);
    });
  });

  it('renames into place the copies left while the pages rendered, and writes its own when they are gone', async () => {
    await withSiteAndCache('staged', async (site, cacheDir) => {
      // Beside the cache, as the build's scratch folder is: a cache keeps nothing it did not write.
      const staging = `${cacheDir}-scratch`;
      await mkdir(staging);
      onTestFinished(() => rm(staging, { recursive: true, force: true }));
      const page =
        '<!doctype html><title>Respaldos</title><p>Copias cifradas cada noche, probadas cada mes.</p>'.repeat(50);
      await startPageCompression(Buffer.from(page), 99, cacheDir, staging);
      expect(await readdir(staging)).toHaveLength(2);
      await writeFile(join(site, 'respaldos.html'), page);
      const first = await precompressDirectory(site, { cacheDir });
      expect(first).toMatchObject({ files: 1, reused: 0, early: 1 });
      // Moved, not copied: nothing is left where the helpers put them.
      expect(await readdir(staging)).toEqual([]);
      expect(brotliDecompressSync(await readFile(join(site, 'respaldos.html.br'))).toString()).toBe(page);
      expect(gunzipSync(await readFile(join(site, 'respaldos.html.gz'))).toString()).toBe(page);
      // What the record keeps of them is what a copy written here would give.
      const [recorded] = first.compressed;
      const written = await precompressDirectory(site, {});
      expect(recorded?.copies).toEqual(written.compressed[0]?.copies);

      // Copies staged and then lost (a cleaned folder): written from the cache instead.
      const other = page.replace('cada noche', 'cada hora');
      await startPageCompression(Buffer.from(other), 99, cacheDir, staging);
      await rm(staging, { recursive: true, force: true });
      await writeFile(join(site, 'respaldos.html'), other);
      expect(await precompressDirectory(site, { cacheDir })).toMatchObject({ files: 1, early: 1 });
      expect(gunzipSync(await readFile(join(site, 'respaldos.html.gz'))).toString()).toBe(other);
    });
  });

  it('gives brotli 10 to the bundler’s files and today’s pages, a fast level to a far larger site’s pages', () => {
    const today = 6.6 * 1024 * 1024;
    const grown = 150 * 1024 * 1024;
    expect(compressionLevels('_astro/react.Bo1YneMr.js', today)).toEqual({
      brotli: 10,
      window: 22,
      postfix: 3,
      gzip: 9,
    });
    expect(compressionLevels('_astro/react.Bo1YneMr.js', grown).brotli).toBe(10);
    expect(compressionLevels('en/contact.html', today)).toEqual({ brotli: 10, window: 22, postfix: 3, gzip: 9 });
    expect(compressionLevels('pagefind/pagefind.js', today).brotli).toBe(10);
    expect(compressionLevels('wikiangram/setup.html', grown).brotli).toBeLessThan(10);
  });
});
