import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { searchableDocument } from './search-document.ts';

const page = (main: string) =>
  '<!DOCTYPE html><html lang="es-MX"><head><title>Instalación | Angram</title></head>' +
  '<body class="wiki-body"><nav aria-label="Wiki"><a href="/wikiangram/otra">Otra página</a></nav>' +
  `${main}<aside>Índice</aside><footer>Pie</footer></body></html>`;

const cut = (html: string) => searchableDocument(Buffer.from(html));

/** The cut as first written, on the decoded text: what the cut on bytes must always give. */
function reference(html: string): string {
  const bodyStart = html.indexOf('<body');
  const mainStart = html.indexOf('<main');
  const mainEnd = html.indexOf('</main>');
  if (bodyStart === -1 || mainStart < bodyStart || mainEnd < mainStart || html.includes('<main', mainStart + 1))
    return html;
  const bodyTagEnd = html.indexOf('>', bodyStart) + 1;
  const afterMain = mainEnd + '</main>'.length;
  const firstImage = (part: string) => /<img\b[^>]*>/i.exec(part)?.[0] ?? '';
  return [
    html.slice(0, bodyTagEnd),
    firstImage(html.slice(bodyTagEnd, mainStart)),
    html.slice(mainStart, afterMain),
    firstImage(html.slice(afterMain)),
    '</body></html>',
  ].join('');
}

/** A small deterministic generator, so a failure names a seed that reproduces it. */
function randomPage(seed: number): Buffer {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const pieces = [
    '<body>',
    '<body class="w">',
    '<body',
    '<main>',
    '<main id="contenido">',
    '</main>',
    '<img src="/a.png" alt="">',
    '<IMG SRC="/B.PNG">',
    '<iMg alt=x>',
    '<img>',
    '<img',
    '<imgx src="no">',
    '<img_ src="no">',
    '<img-x>',
    '<input>',
    '<i>cursiva</i>',
    '<I>',
    '<p>Instalación rápida</p>',
    'niño ñandú',
    '→ “comillas” 😀',
    '>',
    '<',
    '<nav><a href="/wikiangram/x">X</a></nav>',
  ];
  const parts: Array<string | Buffer> = [];
  for (let count = next(14); count > 0; count -= 1) {
    // Now and then a byte that is no UTF-8 at all, or half of a longer character.
    const odd = next(12);
    if (odd === 0) parts.push(Buffer.from([0xff]));
    else if (odd === 1) parts.push(Buffer.from([0xc3]));
    else parts.push(pieces[next(pieces.length)] ?? '');
  }
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

describe('searchableDocument', () => {
  it('keeps the head, the body tag and <main>, and drops the sidebar, the aside and the footer', () => {
    const main = '<main id="contenido"><div data-pagefind-body><h1>Instalación</h1><p>Node 24.</p></div></main>';
    expect(cut(page(main))).toBe(
      '<!DOCTYPE html><html lang="es-MX"><head><title>Instalación | Angram</title></head>' +
        `<body class="wiki-body">${main}</body></html>`,
    );
  });

  it('keeps the first image on each side of <main>, which Pagefind takes as the result picture', () => {
    const html =
      '<html><head></head><body><img src="/a.svg" alt=""><nav><img src="/b.svg" alt=""></nav>' +
      '<main><p>Texto</p></main><footer><img src="/c.svg" alt=""><img src="/d.svg" alt=""></footer></body></html>';
    expect(cut(html)).toBe(
      '<html><head></head><body><img src="/a.svg" alt=""><main><p>Texto</p></main><img src="/c.svg" alt=""></body></html>',
    );
  });

  it('finds an image tag in any case and not a longer tag name that starts the same', () => {
    const html = '<body><imgs><img_x><input><IMG SRC="/A.PNG"><main><p>T</p></main><i>x</i><Img alt="b"></body>';
    expect(cut(html)).toBe('<body><IMG SRC="/A.PNG"><main><p>T</p></main><Img alt="b"></body></html>');
  });

  it('leaves a page without one <main> whole', () => {
    expect(cut(page('<div data-pagefind-body><p>Sin main</p></div>'))).toBe(
      page('<div data-pagefind-body><p>Sin main</p></div>'),
    );
    const twice = page('<main><p>Uno</p></main><main><p>Dos</p></main>');
    expect(cut(twice)).toBe(twice);
    expect(cut('<main><p>sin body</p></main>')).toBe('<main><p>sin body</p></main>');
  });

  it('cuts bytes where the same cut of the decoded text falls, on 3,000 random pages', () => {
    for (let seed = 1; seed <= 3000; seed += 1) {
      const bytes = randomPage(seed);
      expect(searchableDocument(bytes), `página ${seed}`).toBe(reference(bytes.toString('utf8')));
    }
  });

  it('keeps everything the wiki layout marks for the index inside <main>', () => {
    // Pagefind indexes only data-pagefind-body; the layout must keep it inside the part that is kept.
    const layout = readFileSync('src/layouts/WikiLayout.astro', 'utf8');
    const main = layout.slice(layout.indexOf('<main'), layout.indexOf('</main>'));
    expect(main).toContain('data-pagefind-body');
    expect(layout.split('data-pagefind-body').length).toBe(2);
  });
});
