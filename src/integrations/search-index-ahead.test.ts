import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageDigest } from './built-html.ts';
import { fedInHelper } from './search-helper-client.ts';
import { feedAhead, PAGES_IN_FLIGHT, searchablePaths, sinkForPass, type FedSink } from './search-index-ahead.ts';
import { pagefindSink, type IndexFile, type SearchSink } from './search-sink.ts';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'angram-search-ahead-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const wanted = (path: string) => /^wikiangram\/[^/]+\.html$/.test(path);

/** A wiki page as the build writes it: a sidebar, then <main> with the part Pagefind indexes. */
const wikiPage = (title: string, text: string) =>
  `<!DOCTYPE html><html lang="es-MX"><head><title>${title} | Wiki Angram</title></head><body>` +
  `<nav><a href="/wikiangram/otra">Otra</a></nav><main><div data-pagefind-body><h1>${title}</h1>` +
  `<p>${text}</p></div></main></body></html>`;

/** Writes `pages` (path from the site's root to HTML) under a new site folder `name` of the test's folder. */
function site(name: string, pages: Record<string, string>): string {
  const root = join(dir, name);
  for (const [path, html] of Object.entries(pages)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), html);
  }
  return root;
}

/** A sink that records what it is given and answers a little later, failing on `failOn`. */
function recordingSink(failOn?: string) {
  const added: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const sink: SearchSink & { added: string[]; mostInFlight: () => number; closed: boolean } = {
    added,
    closed: false,
    mostInFlight: () => mostInFlight,
    async add(path) {
      added.push(path);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      if (path === failOn) throw new Error(`Pagefind (${path}): HTML inválido`);
    },
    files: () => Promise.resolve([]),
    close() {
      sink.closed = true;
      return Promise.resolve();
    },
  };
  return sink;
}

/** One hash of an index's files, in path order. */
function indexHash(files: IndexFile[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) hash.update(file.path).update(file.content);
  return hash.digest('hex');
}

describe('searchablePaths', () => {
  it('lists the searchable pages of a folder in the pass’s order, whatever order they were written in', async () => {
    const root = site('sitio', {
      'wikiangram/setup.html': '<p>s</p>',
      'wikiangram/api.html': '<p>a</p>',
      'wikiangram/Zeta.html': '<p>z</p>',
      'wikiangram/notas.txt': 'no es una página',
      'wikiangram/email-template/aviso.html': '<p>correo</p>',
    });
    expect(await searchablePaths(root, 'wikiangram', wanted)).toEqual([
      'wikiangram/Zeta.html',
      'wikiangram/api.html',
      'wikiangram/setup.html',
    ]);
  });
});

describe('feedAhead', () => {
  it('gives every page in order, a few at a time, and keeps the digest of the bytes it gave', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 30 }, (_, n) => [`wikiangram/p${String(n).padStart(2, '0')}.html`, `<p>${n}</p>`]),
    );
    const root = site('anterior', pages);
    const paths = await searchablePaths(root, 'wikiangram', wanted);
    const sink = recordingSink();
    const counts: number[] = [];
    const fed = await feedAhead(sink, root, paths, (count) => counts.push(count));
    expect(sink.added).toEqual(paths);
    expect(sink.mostInFlight()).toBe(PAGES_IN_FLIGHT);
    expect([...fed.keys()]).toEqual(paths);
    expect(fed.get('wikiangram/p07.html')).toBe(pageDigest(Buffer.from('<p>7</p>')));
    expect(counts).toEqual(paths.map((_, at) => at + 1));
  });

  it('fails with the first page the index refused', async () => {
    const root = site('anterior', { 'wikiangram/a.html': '<p>a</p>', 'wikiangram/b.html': '<p>b</p>' });
    const paths = await searchablePaths(root, 'wikiangram', wanted);
    await expect(feedAhead(recordingSink('wikiangram/a.html'), root, paths)).rejects.toThrow(
      'Pagefind (wikiangram/a.html): HTML inválido',
    );
  });
});

describe('sinkForPass', () => {
  const fed = (sink: SearchSink, paths: string[]): Promise<FedSink> =>
    Promise.resolve({ sink, fed: new Map(paths.map((path) => [path, 'digest'])) });
  const listed = (paths: string[]) => () => Promise.resolve(paths);

  it('keeps the index fed ahead when it holds exactly this build’s pages, in the same order', async () => {
    const ahead = recordingSink();
    const planned = await sinkForPass(fed(ahead, ['a', 'b']), listed(['a', 'b']), () => recordingSink());
    expect(planned.sink).toBe(ahead);
    expect(planned.ahead).toBe(true);
    expect([...planned.fed.keys()]).toEqual(['a', 'b']);
  });

  it('closes it and starts a new one when a page was added, removed or renamed', async () => {
    for (const built of [['a', 'b', 'c'], ['a'], ['a', 'c'], ['b', 'a']]) {
      const ahead = recordingSink();
      const fresh = recordingSink();
      const planned = await sinkForPass(fed(ahead, ['a', 'b']), listed(built), () => fresh);
      expect(planned).toEqual({ sink: fresh, fed: new Map(), ahead: false });
      expect(ahead.closed).toBe(true);
    }
  });

  it('starts a new one when feeding ahead failed, the pages cannot be listed, or nothing was fed', async () => {
    const fresh = recordingSink();
    const failed = Promise.reject(new Error('Pagefind terminó'));
    expect((await sinkForPass(failed, listed(['a']), () => fresh)).sink).toBe(fresh);
    const unreadable = () => Promise.reject(new Error('ENOENT'));
    const ahead = recordingSink();
    expect((await sinkForPass(fed(ahead, ['a']), unreadable, () => fresh)).sink).toBe(fresh);
    expect(ahead.closed).toBe(true);
    expect((await sinkForPass(undefined, listed(['a']), () => fresh)).ahead).toBe(false);
  });
});

describe('an index fed ahead, with Pagefind', () => {
  const before = {
    'wikiangram/api.html': wikiPage('API de leads', 'El formulario envía cada lead a la API con reintentos.'),
    'wikiangram/setup.html': wikiPage('Instalación', 'Instala Node 24 y ejecuta npm ci.'),
    'wikiangram/seo.html': wikiPage('SEO', 'Cada página declara su título y su descripción.'),
  };
  const after = {
    ...before,
    'wikiangram/setup.html': wikiPage('Instalación', 'Instala Node 24, ejecuta npm ci y luego npm start.'),
  };

  /** The files of an index given `pages` of `root` (or first `ahead`'s pages, then the changed ones). */
  async function built(sink: SearchSink, root: string, ahead?: string): Promise<string> {
    try {
      const paths = await searchablePaths(root, 'wikiangram', wanted);
      const fed = ahead ? await feedAhead(sink, ahead, paths) : new Map<string, string>();
      for (const path of paths) {
        const body = Buffer.from(after[path as keyof typeof after]);
        if (fed.get(path) !== pageDigest(body)) await sink.add(path, body);
      }
      return indexHash(await sink.files());
    } finally {
      await sink.close();
    }
  }

  it('is byte for byte the index of this build’s pages once the changed pages are given again', async () => {
    const previous = site('anterior', before);
    const current = site('actual', after);
    const fresh = await built(pagefindSink(), current);
    expect(await built(pagefindSink(), current, previous)).toBe(fresh);
    // Without the changed page given again it is another index: the check above can fail.
    const sink = pagefindSink();
    try {
      await feedAhead(sink, previous, await searchablePaths(previous, 'wikiangram', wanted));
      expect(indexHash(await sink.files())).not.toBe(fresh);
    } finally {
      await sink.close();
    }
  });

  it('is the same when a helper process holds it', async () => {
    const previous = site('anterior', before);
    const current = site('actual', after);
    const fresh = await built(pagefindSink(), current);
    const paths = await searchablePaths(previous, 'wikiangram', wanted);
    const { sink, fed } = await fedInHelper(previous, paths);
    try {
      expect([...fed.keys()]).toEqual(paths);
      await sink.add('wikiangram/setup.html', Buffer.from(after['wikiangram/setup.html']));
      expect(indexHash(await sink.files())).toBe(fresh);
    } finally {
      await sink.close();
    }
    await expect(sink.add('wikiangram/api.html', Buffer.from('<p>tarde</p>'))).rejects.toThrow('se cerró');
  });
});

describe('fedInHelper', () => {
  it('fails when its helper cannot start, so the build makes its own index', async () => {
    const root = site('anterior', { 'wikiangram/a.html': wikiPage('A', 'a') });
    const module = new URL(`file://${join(dir, 'no-existe.ts')}`);
    await expect(fedInHelper(root, ['wikiangram/a.html'], { module })).rejects.toThrow('terminó');
  });

  it('gives up a helper that says nothing while it has work, and ends it', async () => {
    const root = site('anterior', { 'wikiangram/a.html': wikiPage('A', 'a') });
    const silent = join(dir, 'callado.mjs');
    writeFileSync(silent, "process.on('message', () => {});\n");
    const started = Date.now();
    await expect(
      fedInHelper(root, ['wikiangram/a.html'], { module: new URL(`file://${silent}`), patienceMs: 300 }),
    ).rejects.toThrow('no respondió en 300 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
