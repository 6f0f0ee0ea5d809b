/**
 * The site's two families, as the design uses them. Inter sets the text at 400, 500 and 600 (bold text is
 * semibold, see global.css): one variable file, its weight axis cut to 400-600. Sora sets headings and
 * figures at 600, and only the case pages' quotes and the process page's phase numbers at 500: two
 * static files, the 600 one preloaded and the 500 one fetched by the pages that use it. (The wiki's light
 * "#" heading anchors are Inter at 400: a Sora file for that one character cost its pages 1.2 KB.)
 * Features kept are the ones each font has and the design shows: kerning, and Sora's ligatures, which
 * browsers apply by default. Inter's contextual alternates (the raised colon of "9:00", dashes between
 * capitals) cost 3.3 KB and its tabular figures (the picker's time slots) 0.75 KB on every page's first
 * load, for details few visitors see: both are cut, so a wiki page fits its 50 KB (src/lib/budgets.ts).
 */
import type { SubsetFamilySpec } from './subset-fonts.ts';

export const SITE_FONTS: readonly SubsetFamilySpec[] = [
  {
    name: 'Inter',
    cssVariable: '--font-inter',
    fallbacks: ['system-ui', 'sans-serif'],
    source: 'src/assets/fonts/inter-latin-wght.woff2',
    weight: { min: 400, max: 600 },
    features: ['kern'],
  },
  {
    name: 'Sora',
    cssVariable: '--font-sora',
    fallbacks: ['system-ui', 'sans-serif'],
    source: 'src/assets/fonts/sora-latin-wght.woff2',
    weight: { min: 500, max: 600, instances: [600, 500], preload: 600 },
    features: ['kern', 'liga'],
  },
];

/**
 * Where the copy lives: content/, the pages and islands in src/, and core/ (the code site and server share,
 * whose messages the forms show); src/integrations is build code, not copy. A missing folder is skipped.
 */
export const SITE_TEXT = { textDirs: ['content', 'src', 'core'], excludeDirs: ['src/integrations'] } as const;

/** Generated subsets, outside the repository and kept between builds. */
export const FONT_CACHE_DIR = 'node_modules/.cache/angram-fonts';
