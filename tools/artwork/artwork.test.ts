import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readIcoDirectory } from './ico.ts';
import { contentEntries, ROOT } from './content.ts';
import { DESIGNED } from './designs.ts';
import { allOutputs, artworkPlan, type OutputSpec } from './outputs.ts';

const entries = contentEntries();
const plan = artworkPlan(entries, DESIGNED);
const ALL_OUTPUTS = allOutputs(plan);

/** Pixel size and encoded format of a committed file, read the way a browser would see it. */
async function inspect(spec: OutputSpec): Promise<{ width?: number; height?: number; format?: string }> {
  const file = await readFile(new URL(spec.path, ROOT));
  if (spec.format === 'ico') {
    const entries = readIcoDirectory(file);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    if (!entry) throw new Error('empty ICO');
    const png = await sharp(file.subarray(entry.offset, entry.offset + entry.bytes)).metadata();
    expect([png.width, png.height]).toEqual([entry.width, entry.height]);
    return { width: entry.width, height: entry.height, format: 'ico' };
  }
  const { width, height, format } = await sharp(file).metadata();
  return { width, height, format };
}

describe('committed artwork', () => {
  it('draws the cover of every case it has a design for, by the id content uses', () => {
    const paths = ALL_OUTPUTS.map((output) => output.path);
    expect(entries.portfolio.length).toBeGreaterThanOrEqual(6);
    for (const { kind, id } of plan.drawn) expect(paths).toContain(`content/${kind}/${id}.svg`);
    for (const id of ['fintech-revolution', 'proptech-solution'])
      expect(paths).toContain(`content/portfolio/${id}.svg`);
    // People get a monogram on the site, never a drawn face.
    expect(paths.filter((path) => /^content\/(team|testimonials)\//.test(path))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(ALL_OUTPUTS.map((spec) => [spec.path, spec] as const))(
    '%s has its format, size and byte budget',
    async (_path, spec) => {
      const { size } = await stat(new URL(spec.path, ROOT));
      expect(size).toBeGreaterThan(0);
      expect(size).toBeLessThanOrEqual(spec.maxBytes);
      const meta = await inspect(spec);
      expect(meta.format).toBe(spec.format);
      expect([meta.width, meta.height]).toEqual([spec.width, spec.height]);
    },
  );

  it('ships vector files that need no installed font and no external reference', async () => {
    for (const spec of ALL_OUTPUTS.filter((output) => output.format === 'svg')) {
      const svg = await readFile(new URL(spec.path, ROOT), 'utf8');
      expect(svg, spec.path).not.toMatch(/<text|<image|<script|font-family|href="http/);
      // Brand files are inlined and name the company; a cover is an <img> whose alt text is content.
      if (!spec.path.startsWith('content/')) expect(svg, spec.path).toContain('aria-label="Angram"');
    }
  });

  it('keeps the inline logo recolourable and the fixed variants readable on their backgrounds', async () => {
    const read = (path: string): Promise<string> => readFile(new URL(path, ROOT), 'utf8');
    expect(await read('src/assets/brand/logo.svg')).toContain('fill="currentColor"');
    expect(await read('src/assets/brand/logo-light.svg')).toContain('fill="#ffffff"');
    expect(await read('src/assets/brand/logo-dark.svg')).toContain('fill="#0f1533"');
  });
});
