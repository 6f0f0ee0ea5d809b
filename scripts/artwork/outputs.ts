/**
 * Every file the artwork generator writes: where it goes, its pixel size and its byte budget. The
 * generator (index.ts) renders them and the test (artwork.test.ts) checks the committed files against
 * this list, so the two cannot drift apart.
 */
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

export { PORTFOLIO_IDS, TEAM_SLUGS, TESTIMONIAL_SLUGS, type PortfolioId } from '../../src/lib/content-ids.ts';
import { PORTFOLIO_IDS, TEAM_SLUGS, TESTIMONIAL_SLUGS, type PortfolioId } from '../../src/lib/content-ids.ts';

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

export function portfolioOutput(id: PortfolioId): OutputSpec {
  return { path: `content/portfolio/${id}.webp`, format: 'webp', width: 1600, height: 1000, maxBytes: 120 * KB };
}

export function teamOutput(slug: string): OutputSpec {
  return { path: `content/team/${slug}.webp`, format: 'webp', width: 640, height: 640, maxBytes: 40 * KB };
}

export function testimonialOutput(slug: string): OutputSpec {
  return { path: `content/testimonials/${slug}.webp`, format: 'webp', width: 256, height: 256, maxBytes: 40 * KB };
}

export const ALL_OUTPUTS: readonly OutputSpec[] = [
  ...Object.values(BRAND_OUTPUTS),
  ...Object.values(OG_OUTPUTS),
  ...PORTFOLIO_IDS.map(portfolioOutput),
  ...TEAM_SLUGS.map(teamOutput),
  ...TESTIMONIAL_SLUGS.map(testimonialOutput),
];
