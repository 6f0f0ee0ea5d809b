import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageDigest, PagePass, type PageReader } from './built-html.ts';
import { indexFiles, searchIndexReader, writeIndexFiles } from './pagefind.ts';
import { pagefindSink, type SearchSink } from './search-sink.ts';

describe('writeIndexFiles', () => {
  it('moves the previous build’s unchanged files back and writes the others', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'angram-pagefind-'));
    try {
      const previous = join(dir, 'anterior', 'pagefind');
      const bytes = (text: string) => new TextEncoder().encode(text);
      mkdirSync(join(previous, 'fragment'), { recursive: true });
      writeFileSync(join(previous, 'fragment', 'es_igual.pf_fragment'), 'fragmento sin cambios');
      writeFileSync(join(previous, 'pagefind-entry.json'), '{"version":"anterior"}');
      await writeIndexFiles(
        join(dir, 'pagefind'),
        [
          { path: 'fragment/es_igual.pf_fragment', content: bytes('fragmento sin cambios') },
          { path: 'fragment/es_nuevo.pf_fragment', content: bytes('fragmento de la página editada') },
          { path: 'pagefind-entry.json', content: bytes('{"version":"nueva"}') },
        ],
        previous,
      );
      const read = (path: string) => readFileSync(join(dir, 'pagefind', path), 'utf8');
      expect(read('fragment/es_igual.pf_fragment')).toBe('fragmento sin cambios');
      expect(read('fragment/es_nuevo.pf_fragment')).toBe('fragmento de la página editada');
      expect(read('pagefind-entry.json')).toBe('{"version":"nueva"}');
      // Moved, not copied; the changed file's old bytes stay behind, to be deleted with the rest.
      expect(existsSync(join(previous, 'fragment', 'es_igual.pf_fragment'))).toBe(false);
      expect(readFileSync(join(previous, 'pagefind-entry.json'), 'utf8')).toBe('{"version":"anterior"}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes every file whole, in its folder, before it resolves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'angram-pagefind-'));
    try {
      // Larger than a page of the disk cache: Pagefind's own writer shipped such files cut at 4 KiB.
      const script = new TextEncoder().encode('x'.repeat(45_555));
      const fragment = new Uint8Array([31, 139, 8, 0]);
      await writeIndexFiles(join(dir, 'pagefind'), [
        { path: 'pagefind.js', content: script },
        { path: 'fragment/es_1.pf_fragment', content: fragment },
      ]);
      expect(readFileSync(join(dir, 'pagefind', 'pagefind.js'))).toEqual(Buffer.from(script));
      expect(readFileSync(join(dir, 'pagefind', 'fragment', 'es_1.pf_fragment'))).toEqual(Buffer.from(fragment));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves out the ready-made interfaces the site never loads, and nothing pagefind.js needs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'angram-pagefind-'));
    const bytes = new Uint8Array([1]);
    const unused = ['pagefind-ui.js', 'pagefind-ui.css', 'pagefind-modular-ui.js', 'pagefind-modular-ui.css'];
    const alsoUnused = ['pagefind-component-ui.js', 'pagefind-component-ui.css', 'pagefind-highlight.js'];
    const needed = [
      'pagefind.js',
      'pagefind-worker.js',
      'pagefind-entry.json',
      'wasm.es.pagefind',
      'index/es_1.pf_index',
    ];
    try {
      await writeIndexFiles(
        join(dir, 'pagefind'),
        [...unused, ...alsoUnused, ...needed].map((path) => ({ path, content: bytes })),
      );
      const written = (path: string) => existsSync(join(dir, 'pagefind', path));
      expect([...unused, ...alsoUnused].filter(written)).toEqual([]);
      expect(needed.filter(written)).toEqual(needed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('searchIndexReader', () => {
  /** A stand-in for Pagefind's index (another process) that answers each page a little later. */
  function fakeSink(failOn?: string) {
    const sent: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const sink: SearchSink & { sent: string[]; mostInFlight: () => number } = {
      sent,
      mostInFlight: () => mostInFlight,
      async add(path, body) {
        sent.push(`/${path} ${body.toString()}`);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        if (`/${path}` === failOn) throw new Error(`Pagefind (${path}): HTML inválido`);
      },
      files: () => Promise.resolve([]),
      close: () => Promise.resolve(),
    };
    return sink;
  }

  /** A built site of 40 wiki pages and a page outside the wiki, and the order its pass gives the wiki pages. */
  function site() {
    const root = mkdtempSync(join(tmpdir(), 'angram-pagefind-site-'));
    mkdirSync(join(root, 'wikiangram', 'email-template'), { recursive: true });
    for (let n = 0; n < 40; n += 1) writeFileSync(join(root, 'wikiangram', `p${n}.html`), `<p>${n}</p>`);
    writeFileSync(join(root, 'wikiangram', 'email-template', 'aviso.html'), '<p>correo</p>');
    writeFileSync(join(root, 'index.html'), '<p>inicio</p>');
    const order: string[] = [];
    const recorder: PageReader = {
      wants: (path) => path.startsWith('wikiangram/'),
      read: ({ path, body }) => void order.push(`/${path} ${body.toString()}`),
    };
    return { root, order, recorder };
  }

  const fresh = (sink: SearchSink) => () => Promise.resolve({ sink, fed: new Map<string, string>(), ahead: false });

  it('sends every wiki page once, in the pass’s order, with several waiting for an answer at once', async () => {
    const { root, order, recorder } = site();
    try {
      const sink = fakeSink();
      const reader = searchIndexReader(fresh(sink));
      const pass = new PagePass(root, [reader, recorder]);
      await pass.done(reader);
      await pass.done(recorder);
      expect(sink.sent).toEqual(order.filter((line) => !line.includes('email-template')));
      expect(reader.pages()).toEqual({ seen: 40, heldAhead: 0 });
      expect(sink.mostInFlight()).toBeGreaterThan(1);
      expect(sink.mostInFlight()).toBeLessThan(40);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('rejects with the page Pagefind refused and sends no page after the answers already awaited', async () => {
    const { root, recorder } = site();
    try {
      const sink = fakeSink('/wikiangram/p1.html');
      const reader = searchIndexReader(fresh(sink));
      const pass = new PagePass(root, [reader, recorder]);
      await expect(pass.done(reader)).rejects.toThrow('Pagefind (wikiangram/p1.html): HTML inválido');
      await pass.done(recorder);
      expect(sink.sent.length).toBeLessThan(40);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('gives an index fed ahead only the pages whose bytes changed since', async () => {
    const { root } = site();
    try {
      const sink = fakeSink();
      const fed = new Map<string, string>();
      for (let n = 0; n < 40; n += 1) fed.set(`wikiangram/p${n}.html`, pageDigest(Buffer.from(`<p>${n}</p>`)));
      fed.set('wikiangram/p7.html', pageDigest(Buffer.from('<p>siete, antes de editarla</p>')));
      const reader = searchIndexReader(() => Promise.resolve({ sink, fed, ahead: true }));
      await new PagePass(root, [reader]).done(reader);
      expect(sink.sent).toEqual(['/wikiangram/p7.html <p>7</p>']);
      expect(reader.pages()).toEqual({ seen: 40, heldAhead: 39 });
      expect(reader.lost()).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('goes on when the helper holding an index fed ahead fails, and says so', async () => {
    const { root } = site();
    try {
      const sink = fakeSink('/wikiangram/p3.html');
      const reader = searchIndexReader(() => Promise.resolve({ sink, fed: new Map(), ahead: true }));
      await new PagePass(root, [reader]).done(reader);
      expect(reader.lost()).toBe(true);
      expect(reader.pages().seen).toBe(40);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('indexFiles', () => {
  const page = (title: string) =>
    `<html lang="es-MX"><head><title>${title}</title></head><body><main><div data-pagefind-body>` +
    `<h1>${title}</h1><p>Guía de ${title.toLowerCase()} para el equipo.</p></div></main></body></html>`;
  const hash = (files: Array<{ path: string; content: Uint8Array }>) =>
    [...files]
      .sort((a, b) => (a.path < b.path ? -1 : 1))
      .map((file) => `${file.path}:${Buffer.from(file.content).toString('base64')}`)
      .join('\n');

  it('builds the index from the pages on disk when the helper holding it failed, the same index', async () => {
    const root = mkdtempSync(join(tmpdir(), 'angram-pagefind-lost-'));
    try {
      mkdirSync(join(root, 'wikiangram'));
      for (const title of ['Despliegue', 'Instalación', 'Pruebas'])
        writeFileSync(join(root, 'wikiangram', `${title}.html`), page(title));
      const reference = pagefindSink();
      for (const title of ['Despliegue', 'Instalación', 'Pruebas'])
        await reference.add(`wikiangram/${title}.html`, Buffer.from(page(title)));
      const expected = hash(await reference.files());
      await reference.close();
      let closed = false;
      const helper: SearchSink = {
        add: () => Promise.reject(new Error('terminó')),
        files: () => Promise.reject(new Error('El proceso auxiliar del índice de búsqueda terminó.')),
        close: () => {
          closed = true;
          return Promise.resolve();
        },
      };
      const planned = { sink: helper, fed: new Map<string, string>(), ahead: true };
      const reference2 = (): SearchSink => ({
        add: () => Promise.resolve(),
        files: () => Promise.resolve([{ path: 'pagefind.js', content: new Uint8Array([1]) }]),
        close: () => Promise.resolve(),
      });
      const rebuilt = await indexFiles(root, planned, false);
      expect(hash(rebuilt.files)).toBe(expected);
      expect(rebuilt.dropped).toContain('el proceso auxiliar falló');
      expect(closed).toBe(true);
      expect(hash((await indexFiles(root, planned, true)).files)).toBe(expected);
      const fed = await indexFiles(root, { ...planned, sink: reference2() }, false);
      expect(fed.dropped).toBeUndefined();
    } finally {
      await pagefindSink().close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
