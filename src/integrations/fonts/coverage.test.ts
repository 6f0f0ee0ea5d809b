import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuiltPage } from '../built-html.ts';
import {
  COVERAGE_CACHE_FILE,
  coverageFingerprint,
  coverageReader,
  describeCharacter,
  fontCoverage,
  pageText,
  readCoveredPages,
  SeenText,
  uncoveredCharacters,
  unseenText,
  writeCoveredPages,
} from './coverage.ts';
import { codePointsOf } from './site-characters.ts';
import type { SubsetFamily } from './subset-fonts.ts';

const points = (text: string) => new Set(Array.from(text, (char) => char.codePointAt(0) as number));

const family: SubsetFamily = {
  spec: {
    name: 'Inter',
    cssVariable: '--font-inter',
    fallbacks: [],
    source: '',
    weight: { min: 400, max: 700 },
    features: [],
  },
  fontCodePoints: points('abcABC ñÑ[]→'),
  faces: [
    { subset: 'site', weight: '400 600', file: '', unicodeRange: ['U+20'], codePoints: points('abcABC ñÑ'), bytes: 0 },
    { subset: 'rest', weight: '400 600', file: '', unicodeRange: ['U+5B'], codePoints: points('[]→'), bytes: 0 },
  ],
};

describe('pageText', () => {
  it('keeps element text and placeholders, drops code, scripts, styles, SVG and comments', () => {
    const html =
      '<html><head><title>[t]</title><style>a{content:"→"}</style></head><body><!-- [c] --><p>Año <b>nuevo</b></p>' +
      '<pre><code>[1]</code></pre><code>{x}</code><script>let a = [1];</script><svg><text>→</text></svg>' +
      '<input placeholder="Tu compañía"></body></html>';
    const text = pageText(html);
    expect(text).toContain('Año');
    expect(text).toContain('nuevo');
    expect(text).toContain('Tu compañía');
    for (const absent of ['[', '{', '→']) expect(text).not.toContain(absent);
  });

  it('skips an element whole with what it holds, and reads placeholders of visible tags only', () => {
    const html =
      '<p>Uno</p><!-- <p>[comentario]</p> --><PRE class="x"><code>{a}</code> ]</PRE><p>dos</p>' +
      '<script>document.body.innerHTML = \'<input placeholder="[oculto]">\';</script>' +
      '<label>Correo <input type="email" placeholder="tú@empresa.mx"></label><code>→</code>tres';
    const text = pageText(html);
    for (const present of ['Uno', 'dos', 'Correo', 'tú@empresa.mx', 'tres']) expect(text).toContain(present);
    for (const absent of ['[', ']', '{', '→', 'comentario', 'oculto']) expect(text).not.toContain(absent);
  });
});

describe('unseenText', () => {
  it('gives each piece of text once for the whole site: a sidebar on every page is read on the first', () => {
    const sidebar = '<nav><a href="/a">Instalación</a><a href="/b">Diseño</a></nav>';
    const seen = new SeenText();
    const first = unseenText(`<body>${sidebar}<main><p>Año</p></main></body>`, seen);
    const second = unseenText(`<body>${sidebar}<main><p>Compañía</p><input placeholder="Año"></main></body>`, seen);
    expect(codePointsOf(first)).toEqual(codePointsOf('InstalaciónDiseñoAño'));
    expect(second.split('\n').sort()).toEqual(['C', 'm', 'p', 'í']);
  });

  it('decodes a run with an entity or an escape as a whole, once', () => {
    const seen = new SeenText();
    expect(codePointsOf(unseenText('<p>a &rarr; b</p><p>\\00e9 y \\u{1F600}</p>', seen))).toEqual(
      codePointsOf('a → b é y 😀'),
    );
    expect(unseenText('<p>a &rarr; b</p>', seen)).toBe('');
  });

  // Random documents made of what pages hold and of what could trip a reader that skips the expression:
  // unclosed tags and comments, element names that only start like a skipped one, placeholders with `>`
  // in them, entities, escapes, characters beyond the first plane and lone halves of them.
  const PIECES = [
    'Año',
    'DISEÑO',
    'texto ',
    ' ',
    '\n',
    '<p>',
    '</p>',
    '<a href="/x">',
    '</a>',
    '<!-- [c] -->',
    '<!-- sin cierre',
    '<script>[1]</script>',
    '<SCRIPT type="m">{2}</Script>',
    '<scripts>x</scripts>',
    '<code-x>«</code>',
    '<pre class="p">→</pre>',
    '<svg><text>⚙</text></svg>',
    '<title>[t]</title>',
    '<style>a{b:"€"}</style>',
    '<template><p>☃</p></template>',
    '<kbd>⌘</kbd>',
    '<samp>¶</samp>',
    '<input placeholder="Tu compañía">',
    '<input  PLACEHOLDER="a>b">',
    '<input placeholder="sin cierre>',
    '<input data-placeholder="no">',
    '&amp;',
    '&rarr;',
    '&#x2192;',
    '&#8212;',
    '&nbsp;',
    '&desconocida;',
    '&',
    '\\u00e9',
    '\\u{1F600}',
    '\\00f1 ',
    '\\',
    '😀',
    '\ud83d',
    '\ude00',
    '<',
    '>',
    '<<b>>',
    'ß',
    'ǅ',
    'İ',
    '\u0085',
    '\u00a0',
    '\ufffd',
    '&\ud83d',
    '&\ufffd',
  ];

  function randomPage(next: () => number): string {
    const length = 1 + Math.floor(next() * 24);
    return Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
  }

  function generator(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('finds on each page the characters that pageText finds, for random pages', () => {
    const next = generator(31);
    for (let page = 0; page < 3000; page += 1) {
      const html = randomPage(next);
      expect(codePointsOf(unseenText(html, new SeenText())), html).toEqual(codePointsOf(pageText(html)));
    }
  });

  it('finds each character on the first page that has it, across a site of random pages', () => {
    const next = generator(7);
    const seen = new SeenText();
    const firstPage = new Map<number, number>();
    const expected = new Map<number, number>();
    for (let page = 0; page < 400; page += 1) {
      const html = randomPage(next);
      for (const code of codePointsOf(unseenText(html, seen))) if (!firstPage.has(code)) firstPage.set(code, page);
      for (const code of codePointsOf(pageText(html))) if (!expected.has(code)) expected.set(code, page);
    }
    expect(firstPage).toEqual(expected);
  });
});

describe('uncoveredCharacters', () => {
  it('names characters the font has but the site subset lacks, decoding entities', () => {
    expect(uncoveredCharacters('abc &rarr; [x]', [family])).toEqual([
      { family: 'Inter', codePoint: 0x2192 },
      { family: 'Inter', codePoint: 0x5b },
      { family: 'Inter', codePoint: 0x5d },
    ]);
  });

  it('ignores characters the font does not have (they were never the subset’s job)', () => {
    expect(uncoveredCharacters('Ñandú 😀', [family]).map((u) => u.codePoint)).not.toContain(0x1f600);
  });

  it('describes a character with its code point', () => {
    expect(describeCharacter(0xf1)).toBe('«ñ» (U+00F1)');
  });
});

describe('pages found covered, kept for the next build', () => {
  const folders: string[] = [];
  afterEach(async () => {
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });
  const folder = async () => {
    const made = await mkdtemp(join(tmpdir(), 'angram-font-coverage-'));
    folders.push(made);
    return made;
  };

  const digestOf = (html: string) => createHash('sha256').update(html).digest('base64url');
  const builtPage = (path: string, html: string): BuiltPage => ({
    root: '/',
    path,
    body: Buffer.from(html),
    text: () => html,
    digest: () => digestOf(html),
  });

  it('reads again only the pages not found covered before, by their bytes', () => {
    // A page is trusted by its digest alone: this one would fail, were it read.
    const trusted = builtPage('a.html', '<p>abc [x]</p>');
    const changed = builtPage('b.html', '<p>abc [y]</p>');
    const { reader, problems, pages, counts } = coverageReader([family], new Set([digestOf('<p>abc [x]</p>')]));
    void reader.read(trusted);
    expect(problems.size).toBe(0);
    void reader.read(changed);
    expect([...problems.values()]).toEqual(['/b.html', '/b.html']);
    expect(counts()).toEqual({ taken: 2, read: 1 });
    expect(pages).toEqual(new Set([trusted.digest(), changed.digest()]));
  });

  it('ties the verdicts to both sets of characters of every family', () => {
    const fingerprint = coverageFingerprint([family]);
    expect(coverageFingerprint([{ ...family }])).toBe(fingerprint);
    const [site, rest] = family.faces;
    const wider = { ...family, faces: [{ ...site!, codePoints: points('abcABC ñÑ[') }, rest!] };
    expect(coverageFingerprint([wider])).not.toBe(fingerprint);
    expect(coverageFingerprint([{ ...family, fontCodePoints: points('abc') }])).not.toBe(fingerprint);
  });

  it('reads back what it wrote, and nothing from another fingerprint or a damaged file', async () => {
    const file = join(await folder(), 'cache', 'covered.json');
    expect(await readCoveredPages(file, 'f1')).toEqual(new Set());
    await writeCoveredPages(file, 'f1', ['p1', 'p2']);
    expect(await readCoveredPages(file, 'f1')).toEqual(new Set(['p1', 'p2']));
    expect(await readCoveredPages(file, 'f2')).toEqual(new Set());
    await writeFile(file, '{"fingerprint":"f1","pages":["p1"');
    expect(await readCoveredPages(file, 'f1')).toEqual(new Set());
    await writeFile(file, '{"fingerprint":"f1","pages":"p1"}');
    expect(await readCoveredPages(file, 'f1')).toEqual(new Set());
  });

  it('skips in the next build the pages a build found covered, and keeps nothing from a build that failed', async () => {
    const project = await folder();
    const dist = join(project, 'dist');
    await mkdir(dist);
    await writeFile(join(dist, 'a.html'), '<p>abc</p>');
    await writeFile(join(dist, 'b.html'), '<p>ñ ABC</p>');
    const messages: string[] = [];
    const logger = { info: (message: string) => messages.push(message) } as unknown as AstroIntegrationLogger;
    const build = async () => {
      const integration = fontCoverage([family]);
      const hooks = integration.hooks as Record<string, (options: object) => unknown>;
      await hooks['astro:config:done']?.({ config: { root: pathToFileURL(`${project}/`) } });
      await hooks['astro:build:start']?.({});
      await hooks['astro:build:done']?.({ dir: pathToFileURL(`${dist}/`), logger });
    };
    const cache = join(project, COVERAGE_CACHE_FILE);

    await build();
    expect(messages.at(-1)).not.toContain('iguales');
    const first = await readFile(cache, 'utf8');

    await writeFile(join(dist, 'b.html'), '<p>ñ ABC a</p>');
    await build();
    expect(messages.at(-1)).toContain('1 de 2 páginas iguales a las de un build anterior');

    await writeFile(join(dist, 'c.html'), '<p>[nuevo]</p>');
    await expect(build()).rejects.toThrow(/«\[» \(U\+005B\), p\. ej\. en \/c\.html/);
    const afterFailure = JSON.parse(await readFile(cache, 'utf8')) as { pages: string[] };
    expect(afterFailure.pages).toHaveLength(2);
    expect(afterFailure.pages).not.toContain(digestOf('<p>[nuevo]</p>'));
    expect(await readFile(cache, 'utf8')).not.toBe(first);
  });
});
