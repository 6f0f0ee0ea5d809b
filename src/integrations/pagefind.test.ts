import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PagePass, type PageReader } from './built-html.ts';
import { searchableDocument, searchIndexReader, writeIndexFiles } from './pagefind.ts';

const page = (main: string) =>
  '<!DOCTYPE html><html lang="es-MX"><head><title>Instalación | Angram</title></head>' +
  '<body class="wiki-body"><nav aria-label="Wiki"><a href="/wikiangram/otra">Otra página</a></nav>' +
  `${main}<aside>Índice</aside><footer>Pie</footer></body></html>`;

describe('searchableDocument', () => {
  it('keeps the head, the body tag and <main>, and drops the sidebar, the aside and the footer', () => {
    const main = '<main id="contenido"><div data-pagefind-body><h1>Instalación</h1><p>Node 24.</p></div></main>';
    const cut = searchableDocument(page(main));
    expect(cut).toBe(
      '<!DOCTYPE html><html lang="es-MX"><head><title>Instalación | Angram</title></head>' +
        `<body class="wiki-body">${main}</body></html>`,
    );
  });

  it('keeps the first image on each side of <main>, which Pagefind takes as the result picture', () => {
    const html =
      '<html><head></head><body><img src="/a.svg" alt=""><nav><img src="/b.svg" alt=""></nav>' +
      '<main><p>Texto</p></main><footer><img src="/c.svg" alt=""><img src="/d.svg" alt=""></footer></body></html>';
    expect(searchableDocument(html)).toBe(
      '<html><head></head><body><img src="/a.svg" alt=""><main><p>Texto</p></main><img src="/c.svg" alt=""></body></html>',
    );
  });

  it('leaves a page without one <main> whole', () => {
    expect(searchableDocument(page('<div data-pagefind-body><p>Sin main</p></div>'))).toBe(
      page('<div data-pagefind-body><p>Sin main</p></div>'),
    );
    const twice = page('<main><p>Uno</p></main><main><p>Dos</p></main>');
    expect(searchableDocument(twice)).toBe(twice);
    expect(searchableDocument('<main><p>sin body</p></main>')).toBe('<main><p>sin body</p></main>');
  });

  it('keeps everything the wiki layout marks for the index inside <main>', () => {
    // Pagefind indexes only data-pagefind-body; the layout must keep it inside the part that is kept.
    const layout = readFileSync('src/layouts/WikiLayout.astro', 'utf8');
    const main = layout.slice(layout.indexOf('<main'), layout.indexOf('</main>'));
    expect(main).toContain('data-pagefind-body');
    expect(layout.split('data-pagefind-body').length).toBe(2);
  });
});

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
  function fakeIndex(failOn?: string) {
    const sent: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    return {
      sent,
      mostInFlight: () => mostInFlight,
      async addHTMLFile({ url, content }: { url?: string; content: string }) {
        sent.push(`${url ?? ''} ${content}`);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return { errors: url === failOn ? ['HTML inválido'] : [], file: { uniqueWords: 1, url: url ?? '', meta: {} } };
      },
    };
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

  it('sends every wiki page once, in the pass’s order, with several waiting for an answer at once', async () => {
    const { root, order, recorder } = site();
    try {
      const index = fakeIndex();
      const reader = searchIndexReader(() => Promise.resolve(index));
      const pass = new PagePass(root, [reader, recorder]);
      await pass.done(reader);
      await pass.done(recorder);
      expect(index.sent).toEqual(order.filter((line) => !line.includes('email-template')));
      expect(reader.pages()).toBe(40);
      expect(index.mostInFlight()).toBeGreaterThan(1);
      expect(index.mostInFlight()).toBeLessThan(40);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('rejects with the page Pagefind refused and sends no page after the answers already awaited', async () => {
    const { root, recorder } = site();
    try {
      const index = fakeIndex('/wikiangram/p5.html');
      const reader = searchIndexReader(() => Promise.resolve(index));
      const pass = new PagePass(root, [reader, recorder]);
      await expect(pass.done(reader)).rejects.toThrow('Pagefind (wikiangram/p5.html): HTML inválido');
      await pass.done(recorder);
      expect(index.sent.length).toBeLessThan(40);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
