import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addPages, searchableDocument, writeIndexFiles } from './pagefind.ts';

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
});

describe('addPages', () => {
  /** A stand-in for Pagefind's index that answers each page after a few turns of the event loop. */
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
        for (let turn = 0; turn < 3; turn += 1) await Promise.resolve();
        inFlight -= 1;
        return { errors: url === failOn ? ['HTML inválido'] : [], file: { uniqueWords: 1, url: url ?? '', meta: {} } };
      },
    };
  }
  const pages = Array.from({ length: 40 }, (_, n) => [`wikiangram/p${n}.html`, Buffer.from(`<p>${n}</p>`)] as const);

  it('sends every page once, in the order given, with several waiting for an answer at once', async () => {
    const index = fakeIndex();
    await addPages(index, pages);
    expect(index.sent).toEqual(pages.map(([path, body]) => `/${path} ${body.toString()}`));
    expect(index.mostInFlight()).toBeGreaterThan(1);
    expect(index.mostInFlight()).toBeLessThan(pages.length);
  });

  it('rejects with the page Pagefind refused and sends no page after the answers already awaited', async () => {
    const index = fakeIndex('/wikiangram/p5.html');
    await expect(addPages(index, pages)).rejects.toThrow('Pagefind (wikiangram/p5.html): HTML inválido');
    expect(index.sent.length).toBeLessThan(pages.length);
  });
});
