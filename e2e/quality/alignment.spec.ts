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

for (const check of CHECKS) {
  for (const width of check.widths) {
    test(`${check.path} ${check.cards} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(check.path);
      expect(await misalignedParts(page, check.cards, check.parts)).toEqual([]);
    });
  }
}
