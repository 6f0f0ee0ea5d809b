import { spawnSync } from 'node:child_process';
import { mkdtemp, open, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachePack, openPack } from './cache-pack.ts';

const bytes = (text: string) => Buffer.from(text);

/** What a build reads back for each key, as text (`-` when missing). */
async function readBack(dir: string, keys: string[]): Promise<string[]> {
  const pack = openPack(dir, { readOnly: true });
  const found = await Promise.all(keys.map(async (key) => (await pack.get(key))?.toString() ?? '-'));
  await pack.commit();
  return found;
}

/** One build: reads `used`, writes `made`, then puts its pack in place. */
async function build(dir: string, used: string[], made: Record<string, string>): Promise<void> {
  const pack = openPack(dir);
  await Promise.all(used.map((key) => pack.get(key)));
  await Promise.all(Object.entries(made).map(([key, text]) => pack.put(key, bytes(text))));
  expect(await pack.commit()).toBe(true);
}

/** Flips one byte of `file` at `position`. */
async function damage(file: string, position: number): Promise<void> {
  const handle = await open(file, 'r+');
  const byte = Buffer.alloc(1);
  await handle.read(byte, 0, 1, position);
  byte[0] = (byte[0] ?? 0) ^ 0xff;
  await handle.write(byte, 0, 1, position);
  await handle.close();
}

describe('a build cache kept as one pack file per build', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'angram-cache-pack-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the next build what this one used, in one file, and keeps the build before it as well', async () => {
    await build(dir, [], { inicio: 'página de inicio', contacto: 'página de contacto' });
    expect(await readdir(dir)).toEqual(['pack']);
    // The second build reuses one entry and makes one; the one it left is still in the previous pack.
    await build(dir, ['inicio'], { wiki: 'página de la wiki' });
    expect((await readdir(dir)).sort()).toEqual(['pack', 'pack.previous']);
    expect(await readBack(dir, ['inicio', 'wiki', 'contacto'])).toEqual([
      'página de inicio',
      'página de la wiki',
      'página de contacto',
    ]);
    // Two builds without it: gone.
    await build(dir, ['inicio', 'wiki'], {});
    await build(dir, ['inicio', 'wiki'], {});
    expect(await readBack(dir, ['inicio', 'wiki', 'contacto'])).toEqual(['página de inicio', 'página de la wiki', '-']);
  });

  it('stays within two builds’ entries however many builds change it', async () => {
    const page = (build: number, index: number) => `página ${index} de la compilación ${build} `.repeat(50);
    for (let round = 0; round < 25; round += 1) {
      const made: Record<string, string> = {};
      // Each build keeps nine pages and changes the tenth.
      for (let index = 0; index < 9; index += 1) made[`fija-${index}`] = page(0, index);
      made[`cambia-${round}`] = page(round, 9);
      await build(dir, Object.keys(made), round === 0 ? made : { [`cambia-${round}`]: page(round, 9) });
    }
    const names = await readdir(dir);
    expect(names.sort()).toEqual(['pack', 'pack.previous']);
    const oneBuild = 10 * page(0, 0).length;
    for (const name of names) expect((await stat(join(dir, name))).size).toBeLessThan(oneBuild * 1.2);
    expect(await readBack(dir, ['fija-3', 'cambia-24', 'cambia-23', 'cambia-22'])).toEqual([
      page(0, 3),
      page(24, 9),
      page(23, 9),
      '-',
    ]);
  });

  it('gives a miss, never wrong bytes, for a damaged entry, a damaged index or a truncated pack', async () => {
    await build(dir, [], { uno: 'primera entrada', dos: 'segunda entrada' });
    const pack = join(dir, 'pack');
    // The entries come first, in the order written: the first byte belongs to "uno".
    await damage(pack, 0);
    expect(await readBack(dir, ['uno', 'dos'])).toEqual(['-', 'segunda entrada']);

    // Each case without the previous pack, which would still answer.
    const alone = () => rm(join(dir, 'pack.previous'));
    await build(dir, [], { uno: 'primera entrada', dos: 'segunda entrada' });
    await alone();
    const size = (await stat(pack)).size;
    await damage(pack, size - 40);
    expect(await readBack(dir, ['uno', 'dos'])).toEqual(['-', '-']);

    await build(dir, [], { uno: 'primera entrada' });
    await alone();
    await truncate(pack, (await stat(pack)).size - 1);
    expect(await readBack(dir, ['uno'])).toEqual(['-']);
    await writeFile(pack, 'ANGPACK1 y nada más');
    expect(await readBack(dir, ['uno'])).toEqual(['-']);
    // The build after any of these works as on an empty cache.
    await build(dir, ['uno'], { uno: 'primera entrada otra vez' });
    expect(await readBack(dir, ['uno'])).toEqual(['primera entrada otra vez']);
  });

  it('carries entries a build kept without reading them, from both last packs, and never a damaged one', async () => {
    const page = (name: string) => `copia comprimida de ${name} `.repeat(40);
    const names = ['inicio', 'contacto', 'faq', 'wiki', 'seo'];
    await build(dir, [], Object.fromEntries(names.map((name) => [name, page(name)])));
    await build(dir, [], { nueva: page('nueva') });
    // The first build's pack is now the previous one; its entries in the order written, "contacto" second.
    await damage(join(dir, 'pack.previous'), page('inicio').length + 3);

    const pack = openPack(dir);
    expect(names.slice(0, 3).map((name) => pack.keep(name))).toEqual([true, true, true]);
    // Those three are copied while the build goes on; the rest at commit.
    pack.carryKept();
    expect([...names.slice(3), 'nueva'].map((name) => pack.keep(name))).toEqual([true, true, true]);
    expect(pack.keep('nunca-guardada')).toBe(false);
    await pack.put('hecha', bytes(page('hecha')));
    // Kept and then made anew: what was made wins.
    expect(pack.keep('wiki')).toBe(true);
    await pack.put('wiki', bytes(page('wiki, revisada')));
    expect(await pack.commit()).toBe(true);

    await rm(join(dir, 'pack.previous'));
    expect(await readBack(dir, [...names, 'nueva', 'hecha'])).toEqual([
      page('inicio'),
      '-',
      page('faq'),
      page('wiki, revisada'),
      page('seo'),
      page('nueva'),
      page('hecha'),
    ]);
  });

  it('carries kept entries beside the build’s own writes: a write wins, and commit waits for the copy', async () => {
    const page = (name: string) => `copia comprimida de ${name} `.repeat(40);
    await build(dir, [], { inicio: page('inicio'), contacto: page('contacto'), faq: page('faq') });
    const pack = openPack(dir);
    expect(['inicio', 'contacto', 'faq'].map((name) => pack.keep(name))).toEqual([true, true, true]);
    pack.carryKept();
    // Made anew while the copy of the kept entries runs.
    await pack.put('contacto', bytes(page('contacto, revisada')));
    // Committed at once: the copy still running is waited for.
    expect(await pack.commit()).toBe(true);
    await rm(join(dir, 'pack.previous'));
    expect(await readBack(dir, ['inicio', 'contacto', 'faq'])).toEqual([
      page('inicio'),
      page('contacto, revisada'),
      page('faq'),
    ]);
  });

  it('after a build killed midway, the next reads the last finished pack and deletes the leftover', async () => {
    await build(dir, [], { estable: 'de la última compilación terminada' });
    const module = fileURLToPath(new URL('./cache-pack.ts', import.meta.url));
    const killed = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { openPack } = await import(${JSON.stringify(module)});
         const pack = openPack(${JSON.stringify(dir)});
         await pack.get('estable');
         await pack.put('a-medias', Buffer.from('nunca terminada'));
         process.kill(process.pid, 'SIGKILL');`,
      ],
      { timeout: 20_000 },
    );
    expect(killed.signal).toBe('SIGKILL');
    const leftover = (await readdir(dir)).filter((name) => name.endsWith('.tmp'));
    expect(leftover).toHaveLength(1);

    expect(await readBack(dir, ['estable', 'a-medias'])).toEqual(['de la última compilación terminada', '-']);
    await build(dir, ['estable'], {});
    expect((await readdir(dir)).sort()).toEqual(['pack', 'pack.previous']);
  });

  it('keeps the pack a running build is writing, unless it is a day old', async () => {
    const running = `pack.${process.pid}.enprogreso.tmp`;
    const stale = `pack.${process.pid}.olvidado.tmp`;
    await writeFile(join(dir, running), 'a medias');
    await writeFile(join(dir, stale), 'a medias');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await utimes(join(dir, stale), twoDaysAgo, twoDaysAgo);
    // The files a cache kept one per entry before it was a pack go too.
    await writeFile(join(dir, 'Xy3.q10w22p3.br'), 'copia suelta');
    await build(dir, [], { uno: 'primera entrada' });
    expect((await readdir(dir)).sort()).toEqual(['pack', running]);
  });

  it('lets two builds at once each write a whole pack: the last to finish wins, never a mix', async () => {
    await build(dir, [], { base: 'base' });
    const first = openPack(dir);
    const second = openPack(dir);
    const keys = Array.from({ length: 40 }, (_, index) => `pagina-${index}`);
    await Promise.all([
      first.get('base'),
      second.get('base'),
      ...keys.map((key) => first.put(key, bytes(`${key} de la primera `.repeat(20)))),
      ...keys.map((key) => second.put(key, bytes(`${key} de la segunda `.repeat(20)))),
    ]);
    // The second finishes first: its pack is in place while the first still reads the old one.
    expect(await second.commit()).toBe(true);
    expect((await first.get('base'))?.toString()).toBe('base');
    expect(await first.commit()).toBe(true);
    const found = await readBack(dir, ['base', ...keys]);
    expect(found).toEqual(['base', ...keys.map((key) => `${key} de la primera `.repeat(20))]);
    expect((await readdir(dir)).sort()).toEqual(['pack', 'pack.previous']);
  });

  it('serves within the build what it wrote, the latest write of a key winning, and shares one pack per folder', async () => {
    const pack = cachePack(dir);
    expect(cachePack(join(dir, '.'))).toBe(pack);
    // The first write is the larger: it likely ends last, and must not replace the second.
    const writes = [pack.put('pagina', Buffer.alloc(8 << 20, 1)), pack.put('pagina', bytes('versión 2'))];
    expect((await pack.get('pagina'))?.toString()).toBe('versión 2');
    await Promise.all(writes);
    expect(pack.has('pagina')).toBe(true);
    expect(await pack.commit()).toBe(true);
    // Closed: a later call reads nothing, keeps nothing, and the folder gets a fresh pack.
    expect(await pack.get('pagina')).toBeUndefined();
    await pack.put('tarde', bytes('después del final'));
    expect(cachePack(dir)).not.toBe(pack);
    expect(await readBack(dir, ['pagina', 'tarde'])).toEqual(['versión 2', '-']);
    await cachePack(dir).commit();
  });

  it('reports a pack it cannot create as a failed write, and commits nothing', async () => {
    const notAFolder = join(dir, 'archivo');
    await writeFile(notAFolder, 'no es una carpeta');
    const pack = openPack(notAFolder);
    const writing = pack.put('uno', bytes('primera entrada'));
    await expect(writing).rejects.toThrow();
    expect(await pack.get('uno')).toBeUndefined();
    expect(await pack.commit()).toBe(false);
  });

  it('reads without writing when opened read-only, and writes nothing for a build that kept nothing', async () => {
    await build(dir, [], { uno: 'primera entrada' });
    const before = await readFile(join(dir, 'pack'));
    const reader = openPack(dir, { readOnly: true });
    expect((await reader.get('uno'))?.toString()).toBe('primera entrada');
    await reader.put('dos', bytes('segunda'));
    expect(await reader.commit()).toBe(false);
    expect(await openPack(dir).commit()).toBe(false);
    expect(await readdir(dir)).toEqual(['pack']);
    expect(await readFile(join(dir, 'pack'))).toEqual(before);
  });
});
