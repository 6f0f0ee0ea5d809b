/**
 * Per-page transfer budgets, in gzip bytes: what a phone on a slow network can afford on first load.
 * One module so the quality test and the benchmark report use the same numbers.
 */
export const KB = 1024;

export const BUDGETS = {
  /** Pages where only the navbar hydrates. */
  jsNavbarOnly: 75 * KB,
  /** Pages with a form island and the date picker. */
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

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
