/**
 * Per-page weight budgets (the product's quality bars). One module so the quality tests and the
 * benchmark report use the same numbers. JavaScript and CSS are counted gzip-compressed, whatever the
 * server sends; first-load bytes are what the browser actually receives (brotli from our server).
 * All sizes are binary kilobytes (1 KB = 1 KiB = 1024 bytes).
 */
export const KB = 1024;

export const BUDGETS = {
  /** Pages where only the navbar hydrates. */
  jsNavbarOnly: 75 * KB,
  /** Pages with a form island (the date picker's dialog loads only when opened). */
  jsWithForm: 110 * KB,
  css: 20 * KB,
} as const;

/** Bytes transferred on first load, before any scrolling or interaction. */
export const FIRST_LOAD_BUDGETS = {
  /** Every font file of a page together. */
  fonts: 40 * KB,
  /** A wiki page in all (Starlight's docs page weighs 67 KiB). */
  wiki: 60 * KB,
  /** The portfolio grid shows six covers above and around the fold. */
  portfolio: 190 * KB,
  /** Every other page (AstroWind's home weighs 134 KiB). */
  page: 150 * KB,
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

/** The total first-load budget of a URL path. */
export function firstLoadBudget(path: string): number {
  if (path === '/wikiangram' || path.startsWith('/wikiangram/')) return FIRST_LOAD_BUDGETS.wiki;
  if (path.replace(/\/$/, '') === '/portfolio') return FIRST_LOAD_BUDGETS.portfolio;
  return FIRST_LOAD_BUDGETS.page;
}

export interface FirstLoadWeight {
  /** Every byte transferred: document, styles, scripts, fonts, images. */
  total: number;
  fonts: number;
}

export interface FirstLoadCheck {
  kind: 'total' | 'fonts';
  bytes: number;
  budget: number;
  overshoot: number;
}

/** The first-load overshoots of a page at `path` (empty when it is within its goals). */
export function firstLoadOvershoots(path: string, weight: FirstLoadWeight): FirstLoadCheck[] {
  const checks: FirstLoadCheck[] = [
    { kind: 'total', bytes: weight.total, budget: firstLoadBudget(path), overshoot: 0 },
    { kind: 'fonts', bytes: weight.fonts, budget: FIRST_LOAD_BUDGETS.fonts, overshoot: 0 },
  ];
  return checks.map((c) => ({ ...c, overshoot: c.bytes - c.budget })).filter((c) => c.overshoot > 0);
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
