/**
 * The site's two families, as the design uses them: Inter for text, Sora for display, each at 400, 500
 * and 600 only (bold text is semibold, see global.css), so the weight axis keeps 400-600. Features kept
 * are the ones each font has and the design shows: kerning, Inter's contextual alternates (the colon of
 * "9:00", case-sensitive dashes) and Sora's ligatures, which browsers apply by default, and Inter's
 * tabular figures for the date picker's time slots (`tabular-nums`; no Sora text uses them).
 */
import type { SubsetFamilySpec } from './subset-fonts.ts';

export const SITE_FONTS: readonly SubsetFamilySpec[] = [
  {
    name: 'Inter',
    cssVariable: '--font-inter',
    fallbacks: ['system-ui', 'sans-serif'],
    source: 'src/assets/fonts/inter-latin-wght.woff2',
    weight: { min: 400, max: 600 },
    features: ['kern', 'calt', 'tnum'],
  },
  {
    name: 'Sora',
    cssVariable: '--font-sora',
    fallbacks: ['system-ui', 'sans-serif'],
    source: 'src/assets/fonts/sora-latin-wght.woff2',
    weight: { min: 400, max: 600 },
    features: ['kern', 'liga'],
  },
];

/** Where the copy lives (and what, inside it, is build code rather than copy). */
export const SITE_TEXT = { textDirs: ['content', 'src'], excludeDirs: ['src/integrations'] } as const;

/** Generated subsets, outside the repository and kept between builds. */
export const FONT_CACHE_DIR = 'node_modules/.cache/angram-fonts';
