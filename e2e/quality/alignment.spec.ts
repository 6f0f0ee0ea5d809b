/**
 * Card rows align: in cards that share a row, the same part starts at the same height whether a title,
 * a role or a label takes one line or two. Metric figures share their last line (bottom edge), their
 * labels their first.
 */
import { test, expect } from '../support/fixtures.ts';
import { misalignedParts, type CardPart } from '../support/alignment.ts';

const CHECKS = [
  {
    path: '/',
    cards: '#equipo article',
    parts: ['h3', '[data-card-part="bio"]', '[data-card-part="tags"]'],
    widths: [1024, 1440],
  },
  {
    path: '/',
    cards: '#testimonios figure',
    parts: ['blockquote', 'figcaption', '[data-card-part="name"]', '[data-card-part="link"]'],
    widths: [1024, 1440],
  },
  {
    path: '/portfolio',
    cards: '#proyectos article',
    parts: ['h3', '[data-card-part="description"]', 'dl', '[data-card-part="tags"]', '[data-card-part="link"]'],
    widths: [768, 1024, 1440],
  },
  {
    path: '/portfolio',
    cards: '[data-stat-grid] > div',
    parts: [{ selector: 'dd', edge: 'bottom' }, 'dt'],
    widths: [320, 375, 1440],
  },
  {
    path: '/portfolio/fintech-revolution',
    cards: '[data-stat-grid] > div',
    parts: [{ selector: 'dd', edge: 'bottom' }, 'dt'],
    widths: [320, 375, 768, 1440],
  },
  {
    path: '/portfolio/edutech-platform',
    cards: '[data-stat-grid] > div',
    parts: [{ selector: 'dd', edge: 'bottom' }, 'dt'],
    widths: [320, 375, 1440],
  },
  {
    path: '/proceso-desarrollo',
    cards: '[data-stat-grid] > div',
    parts: [{ selector: 'dd', edge: 'bottom' }, 'dt'],
    widths: [320, 375, 1440],
  },
  {
    path: '/servicios/aplicaciones-web',
    cards: 'section[aria-labelledby="casos-title"] article',
    parts: ['h3', '[data-card-part="description"]', 'dl', '[data-card-part="link"]'],
    widths: [1440],
  },
] satisfies ReadonlyArray<{ path: string; cards: string; parts: CardPart[]; widths: number[] }>;

// One visit per page: each width is a resize of the same page (the layout is CSS, so a resize reflows it as
// a load would), and every card set the page has is measured at each of its widths. A failure names the
// cards and the width.
const pages = [...new Set(CHECKS.map((check) => check.path))];
for (const path of pages) {
  const checks = CHECKS.filter((check) => check.path === path);
  const widths = [...new Set(checks.flatMap((check) => check.widths))].sort((a, b) => a - b);
  test(`${path}: cards aligned at ${widths.join(', ')} px`, async ({ page }) => {
    await page.setViewportSize({ width: widths[0] ?? 1440, height: 900 });
    await page.goto(path);
    const problems: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      for (const check of checks.filter((candidate) => candidate.widths.includes(width))) {
        for (const problem of await misalignedParts(page, check.cards, check.parts))
          problems.push(`${check.cards} a ${width} px: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
}
