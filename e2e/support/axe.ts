import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** What these tests read of axe.run's results (only violations are gathered). */
interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** The page's global scope once axe's source has run in it. */
interface AxeScope {
  axe?: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
}

/** The WCAG 2.2 AA rule tags the quality bar names. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe violations on the current page, one readable line per failing node. axe runs in the page itself
 * (no page these tests check has an iframe to merge results from), loaded once per document: a page
 * checked at two widths runs it twice on one copy, where a fresh AxeBuilder evaluated its half-megabyte
 * source twice per call. Only violations are gathered: by default axe also builds a selector and an HTML
 * excerpt for every node that passes, for results no test reads.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await transitionsSettled(page);
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => Boolean((globalThis as AxeScope).axe)))) await frame.evaluate(axe.source);
  }
  return page.evaluate(async (tags) => {
    const axeInPage = (globalThis as AxeScope).axe;
    if (!axeInPage) throw new Error('axe no se cargó en la página');
    const { violations } = await axeInPage.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations.flatMap((v) =>
      v.nodes.map(
        (node) => `${v.id}: ${v.help} → ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
  }, WCAG_TAGS);
}

/**
 * Fade-in cards finish their entrance before axe measures contrast. Reduced motion first: revealing while
 * motion is allowed starts staggered transitions that would still be running when axe measures.
 */
export async function revealAll(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-visible')));
}

/** Longest wait for the page's transitions, so a long entrance never holds a test for its whole length. */
const SETTLE_MS = 2000;

/**
 * Waits for the page's finite transitions and animations to end: axe measures colours as drawn, and a
 * colour still easing (a hover left under the pointer by the previous test in a reused context, a button
 * fading in) reads as its in-between shade, a contrast the page never rests at.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(async (settleMs) => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)));
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, settleMs))]);
  }, SETTLE_MS);
}
