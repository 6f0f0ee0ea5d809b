/**
 * Per-page weight budgets (the product's quality bars). One module so the quality tests and the
 * benchmark report use the same numbers. JavaScript and CSS are counted gzip-compressed, whatever the
 * server sends; first-load bytes are what the browser actually receives (brotli from our server).
 * All sizes are binary kilobytes (1 KB = 1 KiB = 1024 bytes).
 */
export const KB = 1024;

export const BUDGETS = {
  /**
   * Pages where only the navbar hydrates: React and the navbar, plus the field measurement (web-vitals,
   * about 3 KB) that arrives with the first interaction, as both do.
   */
  jsNavbarOnly: 80 * KB,
  /** Pages with a form island (the date picker's dialog loads only when opened). */
  jsWithForm: 110 * KB,
  css: 20 * KB,
} as const;

export interface PageWeight {
  js: number;
  css: number;
}

export interface BudgetCheck {
  kind: 'js' | 'css';
  bytes: number;
  budget: number;
  overshoot: number;
}

/** The overshoots of a page (empty when it is within budget). */
export function budgetOvershoots(weight: PageWeight, hasForm: boolean): BudgetCheck[] {
  const checks: BudgetCheck[] = [
    { kind: 'js', bytes: weight.js, budget: hasForm ? BUDGETS.jsWithForm : BUDGETS.jsNavbarOnly, overshoot: 0 },
    { kind: 'css', bytes: weight.css, budget: BUDGETS.css, overshoot: 0 },
  ];
  return checks.map((c) => ({ ...c, overshoot: c.bytes - c.budget })).filter((c) => c.overshoot > 0);
}

/**
 * Bytes transferred on first load (brotli, as the browser receives them, headers included), before any
 * scrolling or interaction: what a visitor who opens the page and reads pays. React is not part of it on
 * any page: it arrives with the visitor's first use of an island (`client:interact`).
 */
export const FIRST_LOAD_BUDGETS = {
  /** Every font file of a page together. */
  fonts: 40 * KB,
  /** JavaScript: the scripts fetched and the ones inline in the HTML. */
  js: 12 * KB,
  /** A wiki page in all (Starlight's docs page weighs 67 KiB). */
  wiki: 50 * KB,
  /**
   * Every other page, /portfolio and the case studies included (AstroWind's 404 weighs 72 KiB, its
   * contact page 76, its home 134): a cover below the screen waits for the reader.
   */
  page: 60 * KB,
} as const;

/**
 * /portfolio on Lighthouse's phone once the reader has scrolled to every card and every cover has
 * loaded: the first load plus the covers that wait below the screen.
 */
export const PORTFOLIO_EVERY_COVER_BUDGET = 85 * KB;

/** Lighthouse (mobile) on every page type: what `npm run bench` checks its medians against. */
export const LIGHTHOUSE_GOALS = {
  /** Performance, accessibility, best practices and SEO. */
  score: 100,
  /** Total blocking time stays under this. */
  tbtMs: 50,
  /** Cumulative layout shift. */
  cls: 0,
} as const;

/** The total first-load budget of a URL path. */
export function firstLoadBudget(path: string): number {
  const clean = path.replace(/\/$/, '');
  return clean === '/wikiangram' || clean.startsWith('/wikiangram/')
    ? FIRST_LOAD_BUDGETS.wiki
    : FIRST_LOAD_BUDGETS.page;
}

export interface FirstLoadWeight {
  /** Every byte transferred: document, styles, scripts, fonts, images. */
  total: number;
  fonts: number;
  /** Scripts transferred plus the page's inline scripts (brotli). */
  js: number;
}

export interface FirstLoadCheck {
  kind: 'total' | 'fonts' | 'js';
  bytes: number;
  budget: number;
  overshoot: number;
}

/** The first-load overshoots of a page at `path` (empty when it is within its goals). */
export function firstLoadOvershoots(path: string, weight: FirstLoadWeight): FirstLoadCheck[] {
  const checks: FirstLoadCheck[] = [
    { kind: 'total', bytes: weight.total, budget: firstLoadBudget(path), overshoot: 0 },
    { kind: 'fonts', bytes: weight.fonts, budget: FIRST_LOAD_BUDGETS.fonts, overshoot: 0 },
    { kind: 'js', bytes: weight.js, budget: FIRST_LOAD_BUDGETS.js, overshoot: 0 },
  ];
  return checks.map((c) => ({ ...c, overshoot: c.bytes - c.budget })).filter((c) => c.overshoot > 0);
}

/** Spanish names of the first-load checks, for messages. */
export const FIRST_LOAD_LABELS: Record<FirstLoadCheck['kind'], string> = {
  total: 'total',
  fonts: 'fuentes',
  js: 'JavaScript',
};

export interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  cls: number;
}

/**
 * What falls short of LIGHTHOUSE_GOALS, in Spanish (empty when nothing does). An error page answers
 * status 404 with `noindex` on purpose; Lighthouse counts both against SEO and the 404 in the console
 * against best practices, so those two categories are not asked of it.
 */
export function lighthouseShortfalls(result: LighthouseResult, options: { errorPage?: boolean } = {}): string[] {
  const scores: Array<[string, number]> = [
    ['rendimiento', result.performance],
    ['accesibilidad', result.accessibility],
    ...(options.errorPage
      ? []
      : ([
          ['buenas prácticas', result.bestPractices],
          ['SEO', result.seo],
        ] as Array<[string, number]>)),
  ];
  return [
    ...scores
      .filter(([, score]) => score < LIGHTHOUSE_GOALS.score)
      .map(([name, score]) => `${name} ${score} (meta ${LIGHTHOUSE_GOALS.score})`),
    ...(result.tbtMs >= LIGHTHOUSE_GOALS.tbtMs
      ? [`TBT ${Math.round(result.tbtMs)} ms (meta: menos de ${LIGHTHOUSE_GOALS.tbtMs} ms)`]
      : []),
    ...(result.cls > LIGHTHOUSE_GOALS.cls ? [`CLS ${result.cls.toFixed(3)} (meta ${LIGHTHOUSE_GOALS.cls})`] : []),
  ];
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
