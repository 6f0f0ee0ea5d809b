import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

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
});
