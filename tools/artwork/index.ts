/**
 * Generates every piece of original artwork of the site from code: logo and mark, favicons, Open
 * Graph cards and portfolio covers. Run with `npm run artwork` here (or at the
 * repository root); pass words to render only the outputs whose path contains one of them
 * (`npm run artwork -- portfolio og`). Covers are drawn for the case files that exist and have a
 * design; the output list, sizes and byte budgets live in outputs.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { logoSvg, markSvg } from './brand.ts';
import { contentEntries, ROOT } from './content.ts';
import { DESIGNED, designSvg } from './designs.ts';
import { encodeIco } from './ico.ts';
import { defaultOgSvg, wikiOgSvg } from './og.ts';
import { artworkPlan, BRAND_OUTPUTS, OG_OUTPUTS, type OutputSpec } from './outputs.ts';
import { PALETTE } from './palette.ts';
import { palettePng } from './quantise.ts';
import { loadTypesetter } from './typesetter.ts';

interface Job {
  spec: OutputSpec;
  render: () => Promise<Buffer | string>;
}

function rasterise(svg: string): Sharp {
  return sharp(Buffer.from(svg));
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const plan = artworkPlan(contentEntries(), DESIGNED);
  for (const file of plan.undesigned)
    process.stdout.write(`${file}: no design here, it keeps the image beside its file\n`);
  for (const design of plan.unused) process.stdout.write(`${design}: design without a content file, not drawn\n`);
  const type = await loadTypesetter();
  const logo = (color: string, prefix: string): string =>
    logoSvg(type, { idPrefix: prefix, wordmarkColor: color, width: BRAND_OUTPUTS.logo.width });

  const jobs: Job[] = [
    // The default logo takes its wordmark colour from CSS when inlined as an Astro SVG component.
    { spec: BRAND_OUTPUTS.logo, render: () => Promise.resolve(logo('currentColor', 'ag-logo')) },
    { spec: BRAND_OUTPUTS.logoLight, render: () => Promise.resolve(logo(PALETTE.white, 'ag-logo-light')) },
    { spec: BRAND_OUTPUTS.logoDark, render: () => Promise.resolve(logo(PALETTE.ink, 'ag-logo-dark')) },
    { spec: BRAND_OUTPUTS.mark, render: () => Promise.resolve(markSvg('ag-mark')) },
    { spec: BRAND_OUTPUTS.faviconSvg, render: () => Promise.resolve(markSvg('ag-favicon')) },
    {
      spec: BRAND_OUTPUTS.faviconIco,
      render: async () => {
        const size = BRAND_OUTPUTS.faviconIco.width;
        const png = await rasterise(markSvg('ico', size)).png({ compressionLevel: 9 }).toBuffer();
        return encodeIco([{ size, png }]);
      },
    },
    {
      // iOS masks the icon itself and shows transparency as black: a square, opaque tile.
      spec: BRAND_OUTPUTS.appleTouchIcon,
      render: () =>
        rasterise(markSvg('touch', BRAND_OUTPUTS.appleTouchIcon.width, true))
          .flatten({ background: PALETTE.indigoDark })
          .png({ compressionLevel: 9 })
          .toBuffer(),
    },
    { spec: OG_OUTPUTS.default, render: () => palettePng(defaultOgSvg(type)) },
    { spec: OG_OUTPUTS.wiki, render: () => palettePng(wikiOgSvg(type)) },
    ...plan.drawn.map((item) => ({ spec: item.spec, render: () => Promise.resolve(designSvg(item)) })),
  ];

  const selected = filters.length ? jobs.filter((job) => filters.some((word) => job.spec.path.includes(word))) : jobs;
  if (selected.length === 0) throw new Error(`No output matches ${filters.join(', ')}`);

  let overBudget = 0;
  for (const { spec, render } of selected) {
    const started = performance.now();
    const data = await render();
    const bytes = typeof data === 'string' ? Buffer.from(`${data}\n`) : data;
    const target = new URL(spec.path, ROOT);
    await mkdir(dirname(target.pathname), { recursive: true });
    await writeFile(target, bytes);
    const kb = (bytes.length / 1024).toFixed(1);
    const flag = bytes.length > spec.maxBytes ? `  OVER BUDGET (${spec.maxBytes / 1024} KB)` : '';
    if (flag) overBudget++;
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      `${spec.path.padEnd(44)} ${`${spec.width}x${spec.height}`.padStart(9)} ${kb.padStart(7)} KB ${String(ms).padStart(6)} ms${flag}\n`,
    );
  }
  if (overBudget > 0) {
    process.stderr.write(`${overBudget} file(s) over their size budget\n`);
    process.exitCode = 1;
  }
}

await main();
