import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  builtPagesTaken,
  inPassOrder,
  PagePass,
  registerPageStep,
  type BuiltPage,
  type PageReader,
} from './built-html.ts';

/** Every page the same size, so a budget counts pages. */
const PAGE_BYTES = 100;
const PAGES = 30;
const pageBody = (n: number) => `<p>${String(n).padStart(3, '0')}</p>`.padEnd(PAGE_BYTES, '.');

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'angram-built-html-'));
  await mkdir(join(root, 'wikiangram'));
  for (let n = 0; n < PAGES; n += 1) await writeFile(join(root, 'wikiangram', `p${n}.html`), pageBody(n));
  await writeFile(join(root, 'index.html'), pageBody(999));
  await writeFile(join(root, 'estilos.css'), 'body{}');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A reader that records what it gets; its reads settle only when `settle` is called, when `held`. */
function recordingReader(wants: (path: string) => boolean = () => true, atOnce = 1, held = false) {
  const got: string[] = [];
  const waiting: Array<() => void> = [];
  const reader: PageReader = {
    wants,
    atOnce,
    read: ({ path, body, text }: BuiltPage) => {
      // The text is the body decoded, whether another reader decoded it first or this one does.
      got.push(`${path} ${held ? text() : body.toString()}`);
      if (!held) return undefined;
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
  const settle = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { reader, got, settle, waiting };
}

const turns = async (count = 20) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** Lets the file reads (on libuv's threads) and the pass move until `done` holds, or a while passed. */
async function until(done: () => boolean): Promise<void> {
  for (let wait = 0; wait < 400 && !done(); wait += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('PagePass', () => {
  it('gives every reader each page it wants once, in one order, as the rewriters left it', async () => {
    const wiki = recordingReader((path) => path.startsWith('wikiangram/'), 4);
    const all = recordingReader();
    const pass = new PagePass(root, [
      wiki.reader,
      all.reader,
      { wants: (path) => path.endsWith('p7.html'), rewrite: ({ body }) => Buffer.from(body.toString().toUpperCase()) },
    ]);
    await Promise.all([pass.done(wiki.reader), pass.done(all.reader)]);
    expect(all.got).toHaveLength(PAGES + 1);
    expect(all.got.filter((line) => line.startsWith('wikiangram/'))).toEqual(wiki.got);
    expect(new Set(all.got.map((line) => line.split(' ')[0]))).toEqual(
      new Set(['index.html', ...Array.from({ length: PAGES }, (_, n) => `wikiangram/p${n}.html`)]),
    );
    expect(wiki.got).toContain(`wikiangram/p7.html ${pageBody(7).toUpperCase()}`);
    expect(wiki.got).toContain(`wikiangram/p8.html ${pageBody(8)}`);
    expect(pass.heldBytes).toBe(0);
  });

  it('goes through the pages in the order of their paths, not the order a folder lists them in', async () => {
    // Written in reverse, nested and in mixed case: a file system may list them in any order.
    await mkdir(join(root, 'blog', 'z'), { recursive: true });
    await writeFile(join(root, 'blog', 'z', 'nota.html'), pageBody(1));
    await writeFile(join(root, 'blog', 'Articulo.html'), pageBody(2));
    await writeFile(join(root, 'Aviso.html'), pageBody(3));
    const all = recordingReader();
    await new PagePass(root, [all.reader]).done(all.reader);
    const paths = all.got.map((line) => line.split(' ')[0] ?? '');
    expect(paths).toEqual([...paths].sort());
    expect(paths.slice(0, 4)).toEqual(['Aviso.html', 'blog/Articulo.html', 'blog/z/nota.html', 'index.html']);
    expect(inPassOrder(['b/a.html', 'a.html', 'B.html', 'a/b.html'])).toEqual([
      'B.html',
      'a.html',
      'a/b.html',
      'b/a.html',
    ]);
  });

  it('never holds more pages than its budget while a reader falls behind, then gives it the rest', async () => {
    const slow = recordingReader(() => true, PAGES * 2, true);
    const fast = recordingReader();
    const budgetPages = 5;
    const pass = new PagePass(root, [slow.reader, fast.reader], { heldBytes: budgetPages * PAGE_BYTES });
    await until(() => fast.got.length > budgetPages);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The pass waits once the pages the slow reader has not let go pass the budget: all the site never is.
    expect(fast.got.length).toBe(budgetPages + 1);
    expect(pass.heldBytes).toBe((budgetPages + 1) * PAGE_BYTES);
    let finished = false;
    void pass.done(slow.reader).then(() => (finished = true));
    for (let round = 0; round < PAGES && slow.got.length < PAGES + 1; round += 1) {
      slow.settle();
      await until(() => slow.waiting.length > 0 || slow.got.length === PAGES + 1);
      expect(pass.peakHeldBytes).toBeLessThanOrEqual((budgetPages + 1) * PAGE_BYTES);
    }
    expect(finished).toBe(false);
    slow.settle();
    await pass.done(slow.reader);
    expect(fast.got).toEqual(slow.got);
    expect(pass.heldBytes).toBe(0);
  });

  it('holds a page until the last reader that wants it is done with it', async () => {
    const heldWhileRead: boolean[] = [];
    const started: { pass?: PagePass } = {};
    const late: PageReader = {
      wants: (path) => path.startsWith('wikiangram/'),
      atOnce: 3,
      read: async ({ body }) => {
        await turns(3);
        heldWhileRead.push((started.pass?.heldBytes ?? 0) >= body.length);
      },
    };
    const early = recordingReader();
    const pass = new PagePass(root, [early.reader, late]);
    started.pass = pass;
    await pass.done(early.reader);
    await pass.done(late);
    expect(heldWhileRead).toHaveLength(PAGES);
    expect(heldWhileRead.every(Boolean)).toBe(true);
    expect(pass.heldBytes).toBe(0);
  });

  it('stops a reader at its first failure and lets the others finish', async () => {
    const other = recordingReader();
    let reads = 0;
    const failing: PageReader = {
      wants: () => true,
      read: () => {
        reads += 1;
        if (reads === 3) throw new Error('página rota');
      },
    };
    const pass = new PagePass(root, [failing, other.reader], { heldBytes: 2 * PAGE_BYTES });
    await expect(pass.done(failing)).rejects.toThrow('página rota');
    await pass.done(other.reader);
    expect(reads).toBe(3);
    expect(other.got).toHaveLength(PAGES + 1);
    expect(pass.heldBytes).toBe(0);
  });

  it('fails every step when a rewriter fails or the site cannot be read', async () => {
    const reader = recordingReader();
    const rewriter = {
      wants: () => true,
      rewrite: () => {
        throw new Error('no se pudo reescribir');
      },
    };
    const pass = new PagePass(root, [rewriter, reader.reader]);
    await expect(pass.done(reader.reader)).rejects.toThrow('no se pudo reescribir');
    await expect(pass.done(rewriter)).rejects.toThrow('no se pudo reescribir');
    const missing = new PagePass(join(root, 'no-existe'), [reader.reader]);
    await expect(missing.done(reader.reader)).rejects.toThrow(/ENOENT/);
  });
});

describe('builtPagesTaken', () => {
  it('runs one pass for every step registered, the last registered under a name replacing the one before', async () => {
    const stale = recordingReader();
    const fonts = recordingReader();
    const search = recordingReader((path) => path.startsWith('wikiangram/'));
    registerPageStep('fuentes', stale.reader);
    registerPageStep('fuentes', fonts.reader);
    registerPageStep('busqueda', search.reader);
    await builtPagesTaken(root, search.reader);
    await builtPagesTaken(root, fonts.reader);
    expect(fonts.got).toHaveLength(PAGES + 1);
    expect(search.got).toHaveLength(PAGES);
    expect(stale.got).toHaveLength(0);
    await expect(builtPagesTaken(root, stale.reader)).rejects.toThrow();
  });
});
