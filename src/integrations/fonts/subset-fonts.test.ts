import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { create, type Font } from 'fontkit';
import { afterEach, describe, expect, it } from 'vitest';
import { fontFamiliesConfig, subsetFontProvider } from './provider.ts';
import { SITE_FONTS } from './site-fonts.ts';
import { subsetFamilies, type SubsetFamilySpec } from './subset-fonts.ts';

const INTER = SITE_FONTS[0] as SubsetFamilySpec;
const SORA = SITE_FONTS[1] as SubsetFamilySpec;

/** Projects made by a test, removed after it whatever happens. */
const projects: string[] = [];
afterEach(() => {
  for (const root of projects.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A tiny project: its copy is one page with a ñ and an ellipsis; its fonts are the real ones. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'angram-fonts-'));
  projects.push(root);
  mkdirSync(join(root, 'content'));
  writeFileSync(join(root, 'content', 'page.md'), 'Diseño… entrega');
  mkdirSync(join(root, 'src', 'assets', 'fonts'), { recursive: true });
  for (const spec of SITE_FONTS) writeFileSync(join(root, spec.source), readFileSync(resolve(spec.source)));
  return root;
}

const open = (file: string) => create(readFileSync(file)) as Font;

describe('subsetFamilies', () => {
  it('cuts a site file with the copy’s characters and a rest file with the others, weights 400-600', async () => {
    const root = project();
    const [inter] = await subsetFamilies([INTER], { root, textDirs: ['content'], cacheDir: 'cache' });
    const site = inter?.faces.find((face) => face.subset === 'site');
    const rest = inter?.faces.find((face) => face.subset === 'rest');
    if (!inter || !site || !rest) throw new Error('faltan archivos');

    const siteFont = open(site.file);
    for (const char of 'ñÑ…aZ09¿¡@<')
      expect(siteFont.hasGlyphForCodePoint(char.codePointAt(0) as number), char).toBe(true);
    expect(siteFont.hasGlyphForCodePoint('['.codePointAt(0) as number)).toBe(false);
    expect(siteFont.variationAxes.wght).toMatchObject({ min: 400, max: 600 });
    expect(open(rest.file).hasGlyphForCodePoint('['.codePointAt(0) as number)).toBe(true);

    // Between them the two files cover the whole source font, each character once.
    expect([...site.codePoints].filter((code) => rest.codePoints.has(code))).toEqual([]);
    expect(site.codePoints.size + rest.codePoints.size).toBe(inter.fontCodePoints.size);
    expect(site.bytes).toBeLessThan(20 * 1024);
  });

  it('keeps the letters’ widths, so the metric-matched fallback stays that of the full font', async () => {
    const root = project();
    const [inter] = await subsetFamilies([INTER], { root, textDirs: ['content'], cacheDir: 'cache' });
    const site = open(inter?.faces.find((face) => face.subset === 'site')?.file ?? '');
    const full = open(resolve(INTER.source));
    for (const char of 'abcdefghijklmnopqrstuvwxyz ') {
      const code = char.codePointAt(0) as number;
      expect(site.glyphForCodePoint(code).advanceWidth, char).toBe(full.glyphForCodePoint(code).advanceWidth);
    }
    expect(site.unitsPerEm).toBe(full.unitsPerEm);
    expect(site.ascent).toBe(full.ascent);
    expect(site.descent).toBe(full.descent);
  });

  it('reuses cached files and rejects weights outside the font’s axis', async () => {
    const root = project();
    const first = await subsetFamilies([INTER], { root, textDirs: ['content'], cacheDir: 'cache' });
    const again = await subsetFamilies([INTER], { root, textDirs: ['content'], cacheDir: 'cache' });
    expect(again[0]?.faces.map((face) => face.file)).toEqual(first[0]?.faces.map((face) => face.file));
    await expect(
      subsetFamilies([{ ...INTER, weight: { min: 50, max: 700 } }], { root, textDirs: ['content'], cacheDir: 'cache' }),
    ).rejects.toThrow(/eje/);
  });

  it('keeps what it read of a source font, and forgets it when the source changes', async () => {
    const root = project();
    const cacheDir = join(root, 'cache');
    const [first] = await subsetFamilies([INTER], { root, textDirs: ['content'], cacheDir: 'cache' });
    const factsFiles = () => readdirSync(cacheDir).filter((name) => name.endsWith('.source.json'));
    const [facts] = factsFiles();
    if (!first || !facts) throw new Error('falta lo leído de la fuente');
    const kept = JSON.parse(readFileSync(join(cacheDir, facts), 'utf8')) as { codePoints: number[] };
    expect(kept.codePoints).toHaveLength(first.fontCodePoints.size);

    // The next build believes the kept facts: the font is not opened again.
    const withoutTilde = kept.codePoints.filter((code) => code !== 'ñ'.codePointAt(0));
    writeFileSync(join(cacheDir, facts), JSON.stringify({ ...kept, codePoints: withoutTilde }));
    const [again] = await subsetFamilies([INTER], { root, textDirs: ['content'], cacheDir: 'cache' });
    expect(again?.fontCodePoints.size).toBe(first.fontCodePoints.size - 1);

    // Another source (Sora's file where Inter's was): read anew, and the old facts go.
    writeFileSync(join(root, INTER.source), readFileSync(resolve(SORA.source)));
    const [changed] = await subsetFamilies([INTER], { root, textDirs: ['content'], cacheDir: 'cache' });
    const soraCharacters = open(resolve(SORA.source)).characterSet.filter((code) => code >= 0x20);
    expect(changed?.fontCodePoints.size).toBe(soraCharacters.length);
    expect(factsFiles()).toHaveLength(1);
    expect(factsFiles()).not.toContain(facts);
  });

  it('cuts static weights into a preloaded site file and files for the other weight, each with its rest', async () => {
    const root = project();
    const [sora] = await subsetFamilies(
      [
        {
          ...SORA,
          weight: { min: 500, max: 600, instances: [600, 500], preload: 600 },
        },
      ],
      { root, textDirs: ['content'], cacheDir: 'cache' },
    );
    expect(sora?.faces.map((face) => [face.subset, face.weight])).toEqual([
      ['site', '600'],
      ['rest', '600'],
      ['site-500', '500'],
      ['rest-500', '500'],
    ]);
    const site = open(sora?.faces[0]?.file ?? '');
    expect(Object.keys(site.variationAxes)).toEqual([]);
    expect(site.hasGlyphForCodePoint('ñ'.codePointAt(0) as number)).toBe(true);
    await expect(
      subsetFamilies([{ ...SORA, weight: { min: 500, max: 600, instances: [600, 500], preload: 400 } }], {
        root,
        textDirs: ['content'],
        cacheDir: 'cache',
      }),
    ).rejects.toThrow(/precargado/);
  });

  it('gives Astro the site face first, tagged for preloading', async () => {
    const root = project();
    const families = await subsetFamilies([INTER], { root, textDirs: ['content'], cacheDir: 'cache' });
    const [config] = fontFamiliesConfig(families, subsetFontProvider());
    expect(config?.options.faces.map((face) => face.subset)).toEqual(['site', 'rest']);
    const resolved = await subsetFontProvider().resolveFont({
      familyName: 'Inter',
      weights: [],
      styles: [],
      subsets: [],
      formats: [],
      options: config?.options,
    });
    expect(resolved?.fonts[0]).toMatchObject({
      weight: '400 600',
      meta: { subset: 'site' },
      src: [{ format: 'woff2' }],
    });
    expect(resolved?.fonts[1]).toMatchObject({ meta: { subset: 'rest' } });
  });
});
