import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageDigest } from './built-html.ts';
import { feedInHelper } from './search-helper-client.ts';
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
    expect(sink.mostInFlight()).toBeGreaterThan(1);
    expect(sink.mostInFlight()).toBeLessThanOrEqual(PAGES_IN_FLIGHT);
    expect([...fed.keys()]).toEqual(paths);
    expect(fed.get('wikiangram/p07.html')).toBe(pageDigest(Buffer.from('<p>7</p>')));
    expect(counts).toEqual(paths.map((_, at) => at + 1));
  });

  it('never has more than PAGES_IN_FLIGHT pages waiting for an answer', async () => {
    const pages = Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`wikiangram/p${n}.html`, `<p>${n}</p>`]));
    const root = site('anterior', pages);
    const paths = await searchablePaths(root, 'wikiangram', wanted);
    // Answers held back until released: the feed can only send what its window allows.
    const held: Array<() => void> = [];
    const sent: string[] = [];
    const sink = {
      add: (path: string) => {
        sent.push(path);
        return new Promise<void>((resolve) => held.push(resolve));
      },
    };
    const feeding = feedAhead(sink, root, paths);
    for (let wait = 0; wait < 100 && sent.length < PAGES_IN_FLIGHT; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(PAGES_IN_FLIGHT);
    while (held.length > 0 || sent.length < paths.length) {
      for (const release of held.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect([...(await feeding).keys()]).toEqual(paths);
    expect(sent).toEqual(paths);
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
  const fed = (sink: SearchSink, paths: string[]) => (): Promise<FedSink> =>
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
      expect(planned).toEqual({
        sink: fresh,
        fed: new Map(),
        ahead: false,
        dropped: 'se añadió, renombró o quitó una página de la wiki desde el build anterior',
      });
      expect(ahead.closed).toBe(true);
    }
  });

  it('starts a new one when feeding ahead failed, the pages cannot be listed, or nothing was fed', async () => {
    const fresh = recordingSink();
    const failed = () => Promise.reject(new Error('Pagefind terminó'));
    expect(await sinkForPass(failed, listed(['a']), () => fresh)).toMatchObject({
      sink: fresh,
      dropped: 'Pagefind terminó',
    });
    const unreadable = () => Promise.reject(new Error('ENOENT'));
    const ahead = recordingSink();
    expect((await sinkForPass(fed(ahead, ['a']), unreadable, () => fresh)).sink).toBe(fresh);
    expect(ahead.closed).toBe(true);
    expect(await sinkForPass(undefined, listed(['a']), () => fresh)).toEqual({
      sink: fresh,
      fed: new Map(),
      ahead: false,
      dropped: undefined,
    });
    // A previous build without wiki pages: nothing was fed ahead, so nothing was dropped.
    const nothing = () => Promise.resolve(undefined);
    expect((await sinkForPass(nothing, listed(['a']), () => fresh)).dropped).toBeUndefined();
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
    const { sink, fed } = await feedInHelper(previous, paths, { idle: false }).awaited();
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

describe('feedInHelper', () => {
  const page = { 'wikiangram/a.html': wikiPage('A', 'a') };
  /** A helper module written for the test, from its body. */
  function helperModule(name: string, body: string): URL {
    const path = join(dir, name);
    writeFileSync(path, body);
    return pathToFileURL(path);
  }
  const settledYet = async (promise: Promise<unknown>) => {
    let settled = false;
    promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    return settled;
  };

  it('fails when its helper cannot start, so the build makes its own index', async () => {
    const root = site('anterior', page);
    const module = pathToFileURL(join(dir, 'no-existe.ts'));
    await expect(feedInHelper(root, ['wikiangram/a.html'], { module, idle: false }).awaited()).rejects.toThrow(
      'terminó',
    );
  });

  it('lets a helper take its time while nobody waits, and gives it up once the build waits and it stands still', async () => {
    const root = site('anterior', page);
    const module = helperModule('callado.mjs', "process.on('message', () => {});\n");
    const feed = feedInHelper(root, ['wikiangram/a.html'], { module, patienceMs: 1000, idle: false });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const fed = feed.awaited();
      expect(await settledYet(fed)).toBe(false);
      await expect(fed).rejects.toThrow('no avanzó en 1000 ms');
    } finally {
      feed.close();
    }
  });

  it('gives up a helper that keeps saying it works while nothing moves (a Pagefind that died under it)', async () => {
    const root = site('anterior', page);
    const module = helperModule(
      'atorado.mjs',
      "process.on('message', () => setInterval(() => process.send({ alive: true, progress: 3 }), 50));\n",
    );
    const feed = feedInHelper(root, ['wikiangram/a.html'], { module, patienceMs: 300, idle: false });
    try {
      await expect(feed.awaited()).rejects.toThrow('no avanzó en 300 ms');
    } finally {
      feed.close();
    }
  });

  it('keeps the build running while it waits on a helper that is slow but moving', () => {
    const slow = helperModule(
      'lento.mjs',
      [
        "process.on('message', (request) => {",
        '  let progress = 0;',
        '  const beat = setInterval(() => process.send({ alive: true, progress: ++progress }), 100);',
        '  setTimeout(() => {',
        '    clearInterval(beat);',
        "    process.send({ id: request.id, fed: [['wikiangram/a.html', 'x']], progress: ++progress });",
        '  }, 1200);',
        '});',
      ].join('\n'),
    );
    const client = new URL('./search-helper-client.ts', import.meta.url);
    // A process whose only work is waiting on the helper: it must not end before the answer comes.
    const driver = helperModule(
      'espera.mjs',
      [
        `import { feedInHelper } from ${JSON.stringify(client.href)};`,
        `const feed = feedInHelper(${JSON.stringify(dir)}, ['wikiangram/a.html'], { module: new URL(${JSON.stringify(slow.href)}), patienceMs: 1000, idle: false });`,
        'const { fed } = await feed.awaited();',
        "console.log('alimentado', [...fed.keys()].join(','));",
        'feed.close();',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, [fileURLToPath(driver)], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stdout.trim()).toBe('alimentado wikiangram/a.html');
    expect(run.status).toBe(0);
  });

  it('fails every call once its helper dies, so the pass leaves the pages to a new index', async () => {
    const root = site('anterior', page);
    const module = helperModule(
      'se-cae.mjs',
      [
        "process.on('message', (request) => {",
        "  if (request.kind === 'feed') process.send({ id: request.id, fed: [['wikiangram/a.html', 'x']], progress: 1 });",
        '  else process.exit(1);',
        '});',
      ].join('\n'),
    );
    const feed = feedInHelper(root, ['wikiangram/a.html'], { module, idle: false });
    const { sink } = await feed.awaited();
    await expect(sink.add('wikiangram/a.html', Buffer.from('<p>a</p>'))).rejects.toThrow('terminó');
    await expect(sink.files()).rejects.toThrow('terminó');
    feed.close();
  });
});

describe('astro.config.mjs', () => {
  it('sets the previous build aside before the search index looks for it', () => {
    const config = readFileSync('astro.config.mjs', 'utf8');
    expect(config.indexOf('previousBuildAside()')).toBeGreaterThan(0);
    expect(config.indexOf('previousBuildAside()')).toBeLessThan(config.indexOf('wikiSearchIndex()'));
  });
});
