/**
 * Every file the artwork generator writes: where it goes, its pixel size and its byte budget. The
 * generator (index.ts) renders them and the test (artwork.test.ts) checks the committed files against
 * this list, so the two cannot drift apart. Covers follow the content files (content.ts).
 */
import type { ContentEntries } from './content.ts';

export type OutputFormat = 'svg' | 'png' | 'webp' | 'ico';

export interface OutputSpec {
  /** Path from the repository root. */
  path: string;
  format: OutputFormat;
  width: number;
  height: number;
  /** Largest acceptable file size in bytes. */
  maxBytes: number;
}

const KB = 1024;

export const BRAND_OUTPUTS = {
  logo: { path: 'src/assets/brand/logo.svg', format: 'svg', width: 260, height: 64, maxBytes: 12 * KB },
  logoLight: { path: 'src/assets/brand/logo-light.svg', format: 'svg', width: 260, height: 64, maxBytes: 12 * KB },
  logoDark: { path: 'src/assets/brand/logo-dark.svg', format: 'svg', width: 260, height: 64, maxBytes: 12 * KB },
  mark: { path: 'src/assets/brand/mark.svg', format: 'svg', width: 64, height: 64, maxBytes: 4 * KB },
  faviconSvg: { path: 'public/favicon.svg', format: 'svg', width: 64, height: 64, maxBytes: 4 * KB },
  faviconIco: { path: 'public/favicon.ico', format: 'ico', width: 32, height: 32, maxBytes: 8 * KB },
  appleTouchIcon: { path: 'public/apple-touch-icon.png', format: 'png', width: 180, height: 180, maxBytes: 40 * KB },
} as const satisfies Record<string, OutputSpec>;

export const OG_OUTPUTS = {
  default: { path: 'src/assets/og/default.png', format: 'png', width: 1200, height: 630, maxBytes: 200 * KB },
  wiki: { path: 'src/assets/og/wiki.png', format: 'png', width: 1200, height: 630, maxBytes: 200 * KB },
} as const satisfies Record<string, OutputSpec>;

/**
 * A drawn cover ships as the SVG it is drawn as: a few KB over the wire, sharp at any width, where the
 * same picture as a phone-sized AVIF weighs twice as much. The build rasterises it for Open Graph.
 */
export function portfolioOutput(id: string): OutputSpec {
  return { path: `content/portfolio/${id}.svg`, format: 'svg', width: 1600, height: 1000, maxBytes: 40 * KB };
}

export function teamOutput(slug: string): OutputSpec {
  return { path: `content/team/${slug}.webp`, format: 'webp', width: 640, height: 640, maxBytes: 40 * KB };
}

export function testimonialOutput(slug: string): OutputSpec {
  return { path: `content/testimonials/${slug}.webp`, format: 'webp', width: 256, height: 256, maxBytes: 40 * KB };
}

export type ContentKind = keyof ContentEntries;

/** One cover or portrait to draw: the content entry it illustrates and the file it becomes. */
export interface ContentArtwork {
  kind: ContentKind;
  id: string;
  spec: OutputSpec;
}

const OUTPUT_OF: Record<ContentKind, (id: string) => OutputSpec> = {
  portfolio: portfolioOutput,
  team: teamOutput,
  testimonials: testimonialOutput,
};

export interface ArtworkPlan {
  /** Entries with a design: their image is drawn here. */
  drawn: ContentArtwork[];
  /** Content files without a design: they keep the image their editor put beside them. */
  undesigned: string[];
  /** Designs whose content file is gone: nothing to draw them for. */
  unused: string[];
}

/** Matches the content files against the ids the generator has designs for (`designed`). */
export function artworkPlan(
  entries: ContentEntries,
  designed: Readonly<Record<ContentKind, readonly string[]>>,
): ArtworkPlan {
  const plan: ArtworkPlan = { drawn: [], undesigned: [], unused: [] };
  for (const kind of Object.keys(OUTPUT_OF) as ContentKind[]) {
    for (const id of entries[kind]) {
      if (designed[kind].includes(id)) plan.drawn.push({ kind, id, spec: OUTPUT_OF[kind](id) });
      else plan.undesigned.push(`content/${kind}/${id}`);
    }
    for (const id of designed[kind]) if (!entries[kind].includes(id)) plan.unused.push(`${kind}/${id}`);
  }
  return plan;
}

/** Brand files, Open Graph cards and the drawn covers. */
export function allOutputs(plan: ArtworkPlan): OutputSpec[] {
  return [...Object.values(BRAND_OUTPUTS), ...Object.values(OG_OUTPUTS), ...plan.drawn.map((item) => item.spec)];
}
