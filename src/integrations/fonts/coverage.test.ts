import { describe, expect, it } from 'vitest';
import { describeCharacter, pageText, uncoveredCharacters, unseenText } from './coverage.ts';
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
    const seen = new Set<string>();
    const first = unseenText(`<body>${sidebar}<main><p>Año</p></main></body>`, seen);
    const second = unseenText(`<body>${sidebar}<main><p>Compañía</p><input placeholder="Año"></main></body>`, seen);
    expect(first).toContain('Instalación');
    expect(first).toContain('Año');
    expect(second).toContain('Compañía');
    for (const again of ['Instalación', 'Diseño', 'Año']) expect(second).not.toContain(again);
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
