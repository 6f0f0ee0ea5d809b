/**
 * The site's two families, as the design uses them: Inter for text, Sora for display. Both are used at
 * 400, 500 and 600 (700 is what `<strong>` asks for), so the weight axis keeps 400-700. Features kept:
 * kerning, ligatures and Inter's contextual alternates (what browsers apply by default), and tabular
 * figures for the time slots of the date picker.
 */
import type { SubsetFamilySpec } from './subset-fonts.ts';

const FEATURES = ['kern', 'liga', 'calt', 'tnum'] as const;

export const SITE_FONTS: readonly SubsetFamilySpec[] = [
  {
    name: 'Inter',
    cssVariable: '--font-inter',
    fallbacks: ['system-ui', 'sans-serif'],
    source: 'src/assets/fonts/inter-latin-wght.woff2',
    weight: { min: 400, max: 700 },
    features: FEATURES,
  },
  {
    name: 'Sora',
    cssVariable: '--font-sora',
    fallbacks: ['system-ui', 'sans-serif'],
    source: 'src/assets/fonts/sora-latin-wght.woff2',
    weight: { min: 400, max: 700 },
    features: FEATURES,
  },
];

/** Where the copy lives (and what, inside it, is build code rather than copy). */
export const SITE_TEXT = { textDirs: ['content', 'src'], excludeDirs: ['src/integrations'] } as const;

/** Generated subsets, outside the repository and kept between builds. */
export const FONT_CACHE_DIR = 'node_modules/.cache/angram-fonts';
