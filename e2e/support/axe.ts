import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.2 AA rule tags the quality bar names. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe violations on the current page, one readable line per failing node. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens a second page to merge frame results,
  // which doubles the time and buys nothing here: no page these tests check has an iframe.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (node) => `${v.id}: ${v.help} → ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  );
}

/**
 * Fade-in cards finish their entrance before axe measures contrast. Reduced motion first: revealing while
 * motion is allowed starts staggered transitions that would still be running when axe measures.
 */
export async function revealAll(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-visible')));
}
