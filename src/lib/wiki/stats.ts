/**
 * The overview's stat cards, computed from the project at build time: wiki pages, components,
 * public routes and the lowest Lighthouse score measured by `npm run bench`. Pure functions over file
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

/** A page type without the language the bench appends to the second language's pages (`notFound-en`). */
const baseType = (type: string) => type.replace(/-[a-z]{2,3}$/, '');

/** The lowest score of the summary's indexable pages, or `null` when there is no valid summary (not measured yet). */
export function lighthouseMinimum(summary: unknown): LighthouseFigure | null {
  const parsed = lighthouseSummarySchema.safeParse(summary);
  if (!parsed.success) return null;
  const pages = parsed.data.pages.filter((page) => !EXCLUDED_PAGE_TYPES.has(baseType(page.type)));
  if (pages.length === 0) return null;
  const scores = pages.flatMap((page) => [page.performance, page.accessibility, page.bestPractices, page.seo]);
  return { minimum: Math.min(...scores), measuredAt: parsed.data.measuredAt, pageTypes: pages.length };
}

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Components: `src/components/**\/*.astro` plus the React islands `src/islands/**\/*.tsx`, tests excluded. */
export function countComponents(paths: readonly string[]): number {
  return paths.filter(
    (path) => !TEST_FILE.test(path) && (/\/components\/.+\.astro$/.test(path) || /\/islands\/.+\.tsx$/.test(path)),
  ).length;
}

/** What a reader counts as the site's routes besides the pages written one by one. */
export interface GeneratedPages {
  /** Portfolio cases, each at `/portfolio/<id>`. */
  cases: number;
  /** Services with their own page at `/servicios/<id>`. */
  servicePages: number;
  /** Wiki pages at `/wikiangram/<slug>`. */
  wikiPages: number;
  /** Pages in languages other than the default (`/en/faq`), error pages left out. */
  translatedPages?: number;
}

/**
 * Public routes as a reader counts them: every page a visitor can open at its own address, the case
 * studies, service pages and wiki pages included (the URLs of the sitemap). Static route files under
 * `src/pages` count once each; a dynamic one (`[id].astro`) counts through `generated`. Error pages,
 * the wiki's index (a redirect to its overview), the e-mail previews (illustrations inside a wiki page)
 * and endpoints such as `robots.txt.ts` are not pages of their own.
 */
export function countPublicRoutes(routeFiles: readonly string[], generated: GeneratedPages): number {
  const pages = routeFiles.filter(
    (path) =>
      /\/pages\/.+\.(astro|mdx?)$/.test(path) &&
      !TEST_FILE.test(path) &&
      !path.includes('[') &&
      // Error pages (not found, too many requests) have no address of their own in the sitemap.
      !/(^|\/)(404|429)\.astro$/.test(path) &&
      !path.endsWith('/pages/wikiangram/index.astro') &&
      // A client's meeting, opened only from the private link in their e-mail: outside the sitemap.
      !path.endsWith('/pages/reunion.astro'),
  );
  return (
    pages.length + generated.cases + generated.servicePages + generated.wikiPages + (generated.translatedPages ?? 0)
  );
}
