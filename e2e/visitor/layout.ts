/** Layout checks the visitor specs share: sideways scroll, a box wholly on screen, a screenshot to review. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** The widths every visual check runs at: the smallest phone, a common phone, a desktop. */
export const WIDTHS = [320, 375, 1440] as const;

export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The element's box lies wholly inside the viewport's width (and inside `container`, when given). */
export async function expectWhollyVisible(page: Page, element: Locator, container?: Locator): Promise<void> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'sin caja').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  const outer = container ? await container.boundingBox() : null;
  if (outer) {
    expect(box.x).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  }
}

export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}
