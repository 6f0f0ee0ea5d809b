/**
 * The overview's stat cards, computed from the project at build time: wiki pages, components,
 * route files and the lowest Lighthouse score measured by `npm run bench`. Pure functions over file
 * lists and the benchmark's JSON, so they can be tested without a build.
 */
import { z } from 'zod';

/** Shape of `bench/lighthouse-summary.json`, written by the benchmark. */
export const lighthouseSummarySchema = z.object({
  measuredAt: z.string(),
  pages: z
    .array(
      z.object({
        type: z.string(),
        performance: z.number().min(0).max(100),
        accessibility: z.number().min(0).max(100),
        bestPractices: z.number().min(0).max(100),
        seo: z.number().min(0).max(100),
      }),
    )
    .min(1),
});

export type LighthouseSummary = z.infer<typeof lighthouseSummarySchema>;

export interface LighthouseFigure {
  /** Lowest score across every page type and category. */
  minimum: number;
  measuredAt: string;
  pageTypes: number;
}

/**
 * The 404 page is left out: a page that answers status 404 with `noindex` fails Lighthouse's SEO audits
 * and logs its own status as a console error, by design.
 */
const EXCLUDED_PAGE_TYPES = new Set(['notFound']);

/** The lowest score of the summary's indexable pages, or `null` when there is no valid summary (not measured yet). */
export function lighthouseMinimum(summary: unknown): LighthouseFigure | null {
  const parsed = lighthouseSummarySchema.safeParse(summary);
  if (!parsed.success) return null;
  const pages = parsed.data.pages.filter((page) => !EXCLUDED_PAGE_TYPES.has(page.type));
  if (pages.length === 0) return null;
  const scores = pages.flatMap((page) => [page.performance, page.accessibility, page.bestPractices, page.seo]);
  return { minimum: Math.min(...scores), measuredAt: parsed.data.measuredAt, pageTypes: pages.length };
}

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Components: `src/components/**\/*.astro` plus the React islands `src/islands/**\/*.tsx`, tests excluded. */
export function countComponents(paths: readonly string[]): number {
  return paths.filter((path) => !TEST_FILE.test(path) && (/\/components\/.+\.astro$/.test(path) || /\/islands\/.+\.tsx$/.test(path))).length;
}

/**
 * Route files under `src/pages` (each one is a route; a dynamic one like `[slug].astro` stands for
 * many URLs). Error pages are not counted: they answer any unknown path, not a route of their own.
 */
export function countRoutes(paths: readonly string[]): number {
  return paths.filter((path) => /\/pages\/.+\.(astro|mdx?|ts)$/.test(path) && !TEST_FILE.test(path) && !/(^|\/)404\.astro$/.test(path)).length;
}
