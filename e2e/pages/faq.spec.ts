import type { Locator, Page } from '@playwright/test';
import { test, expect, waitForIsland } from '../support/fixtures.ts';
import { accessibleExpanded, holdIsland, isHydrated } from '../support/islands.ts';
import { jsonLdNodes } from './jsonld.ts';
import { FAQ_TOPICS, pageCopy } from '../support/content.ts';

const CATEGORIES = FAQ_TOPICS.map((topic) => topic.title);
const QUESTIONS = FAQ_TOPICS.flatMap((topic) => topic.questions);
/** The first clause of an answer: enough to tell it from the others. */
const opening = (answer: string) => answer.split(/[:.;,]/)[0] ?? answer;

/** The <details> of a question, found by its text. */
const item = (page: Page, question: string): Locator =>
  page.locator('#preguntas details').filter({ has: page.locator('summary', { hasText: question }) });
const openItems = (page: Page): Locator => page.locator('#preguntas details[open]');

/**
 * One question opens, a second closes the first (across categories), activating the open one closes
 * it: what the FAQ must do before and after hydration alike.
 */
async function oneOpenAtATime(page: Page): Promise<void> {
  // A question of the first topic, then one of the next.
  const [first, second] = FAQ_TOPICS.map((topic) => topic.questions[0]);
  if (!first || !second) throw new Error('content/faq.yaml necesita dos temas con preguntas');
  const time = item(page, first.question);
  const payments = item(page, second.question);

  await time.locator('summary').click();
  await expect(time).toHaveAttribute('open', '');
  await expect(time.getByRole('region')).toContainText(opening(first.answer));

  await payments.locator('summary').click();
  await expect(payments).toHaveAttribute('open', '');
  await expect(payments.getByRole('region')).toContainText(opening(second.answer));
  await expect(time).not.toHaveAttribute('open');
  await expect(time.locator('.faq-panel')).toBeHidden();
  await expect(openItems(page)).toHaveCount(1);

  await payments.locator('summary').click();
  await expect(payments).not.toHaveAttribute('open');
  await expect(payments.locator('.faq-panel')).toBeHidden();
  await expect(openItems(page)).toHaveCount(0);
}

// Every test here starts on a page whose island has not loaded: the FAQ works from the visitor's first use.
test.describe('/faq with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/faq');
  });

  // What the page states, read in one visit (a step each); the disclosures' check goes last, as its click is
  // the visitor's first use of the island.
  test('structured data, topic links and help band, every category and every question a disclosure', async ({
    page,
  }) => {
    await test.step('FAQPage structured data lists every question', async () => {
      const faq = (await jsonLdNodes(page)).find((node) => node['@type'] === 'FAQPage') as
        { mainEntity?: Array<{ name: string }> } | undefined;
      const questions = await page.locator('#preguntas h4').allTextContents();
      expect(faq?.mainEntity?.map((entry) => entry.name)).toEqual(questions.map((q) => q.trim()));
    });

    await test.step('topic links lead to each category and the help band to contact', async () => {
      const topics = page.getByRole('navigation', { name: 'Temas' }).getByRole('link');
      await expect(topics).toHaveCount(FAQ_TOPICS.length);
      for (const [index, { id, title, questions }] of FAQ_TOPICS.entries()) {
        // Each link names its topic and how many questions it holds.
        const name = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        await expect(topics.nth(index)).toHaveText(new RegExp(`^\\s*${name}\\s+${questions.length}\\s*$`));
        await expect(topics.nth(index)).toHaveAttribute('href', `#${id}`);
        await expect(page.locator(`#${id}`)).toHaveCount(1);
      }
      await expect(page.getByRole('link', { name: 'Contactar', exact: true })).toHaveAttribute('href', '/contacto');
    });

    await test.step('every category, every question a disclosure tied to its answer', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageCopy('faq').hero.title);
      await expect(page.locator('#preguntas h3')).toHaveText(CATEGORIES);
      const items = page.locator('#preguntas details');
      await expect(items.locator('summary h4')).toHaveText(QUESTIONS.map((entry) => entry.question));
      for (const details of await items.all()) {
        await expect(details).toHaveAttribute('name', 'faq');
        await expect(details).not.toHaveAttribute('open');
        const summary = details.locator('summary');
        await expect(summary.locator('h4')).toHaveCount(1);
        const panel = details.locator('.faq-panel');
        await expect(panel).toBeHidden();
        await expect(panel).toHaveAttribute('aria-labelledby', (await summary.getAttribute('id')) ?? '');
      }
      const first = items.first().locator('summary');
      expect(await accessibleExpanded(page, '#preguntas summary')).toBe(false);
      await first.click();
      expect(await accessibleExpanded(page, '#preguntas summary')).toBe(true);
      await expect(page.getByRole('region', { name: (await first.textContent()) ?? '' })).toBeVisible();
    });
  });

  test('one answer open at a time across categories; clicking the open question closes it', async ({ page }) => {
    await oneOpenAtATime(page);
  });

  test('the same position in two categories is two different items', async ({ page }) => {
    const firstOfFirst = page.locator('#proyectos-y-tiempos details').first();
    const firstOfSecond = page.locator('#inversion-y-pagos details').first();
    await firstOfFirst.locator('summary').click();
    await firstOfSecond.locator('summary').click();
    await expect(firstOfFirst).not.toHaveAttribute('open');
    await expect(firstOfSecond).toHaveAttribute('open', '');
  });

  test('works by keyboard: Enter and Space toggle, arrows, Home and End move between questions', async ({ page }) => {
    const summaries = page.locator('#preguntas summary');
    const items = page.locator('#preguntas details');
    const count = await summaries.count();
    await summaries.first().focus();
    await page.keyboard.press('Enter');
    await expect(items.first()).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(items.first()).not.toHaveAttribute('open');

    await page.keyboard.press('ArrowDown');
    await expect(summaries.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(summaries.nth(count - 1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(summaries.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(summaries.nth(count - 1)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(summaries.first()).toBeFocused();

    // Tab reaches the next question too (a closed answer holds no tab stop), and Space opens it.
    await page.keyboard.press('Tab');
    await expect(summaries.nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(items.nth(1)).toHaveAttribute('open', '');
  });
});

test('works from the first paint: questions open and close while the island is held back, and hydration swaps nothing', async ({
  page,
}) => {
  const release = await holdIsland(page, 'FaqAccordion');
  const layout = () =>
    page.evaluate(() => {
      // The topic list is sticky on wide screens: measure from the top of the page every time.
      window.scrollTo({ top: 0, behavior: 'instant' });
      return [...document.querySelectorAll('#preguntas h3, #preguntas h4, main h2')].map((el) => {
        const box = el.getBoundingClientRect();
        return [Math.round(box.top + window.scrollY), Math.round(box.height), Math.round(box.width)];
      });
    });
  await page.goto('/faq');
  await page.evaluate(() => document.fonts.ready);
  expect(await isHydrated(page, 'FaqAccordion')).toBe(false);
  const serverMarkup = await page.locator('#preguntas astro-island > div').evaluate((el) => el.outerHTML);
  const before = await layout();

  await oneOpenAtATime(page);

  // A question opened before hydration is still open after it, in the very same element.
  const support = item(page, FAQ_TOPICS.at(-1)?.questions.at(-1)?.question ?? '');
  await support.locator('summary').click();
  await support.evaluate((el) => ((el as HTMLElement).dataset.probe = 'antes'));
  release();
  await waitForIsland(page, 'FaqAccordion');
  expect(await isHydrated(page, 'FaqAccordion')).toBe(true);
  await expect(support).toHaveAttribute('open', '');
  expect(await support.evaluate((el) => (el as HTMLElement).dataset.probe)).toBe('antes');
  await support.evaluate((el) => delete (el as HTMLElement).dataset.probe);
  await support.locator('summary').click();
  await expect(openItems(page)).toHaveCount(0);

  expect(await page.locator('#preguntas astro-island > div').evaluate((el) => el.outerHTML)).toBe(serverMarkup);
  expect(await layout()).toEqual(before);
  await oneOpenAtATime(page);
});

test('arrow keys pressed before the island has loaded move the focus once it has, and do not scroll the page', async ({
  page,
}) => {
  const release = await holdIsland(page, 'FaqAccordion');
  await page.goto('/faq');
  const summaries = page.locator('#preguntas summary');
  await summaries.first().focus();
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  expect(await isHydrated(page, 'FaqAccordion')).toBe(false);
  await expect(summaries.first()).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  release();
  await expect(summaries.nth(1)).toBeFocused();
  // Each press acted once: down, down, up ends on the second question, not on the third or the last.
  await page.keyboard.press('End');
  await expect(summaries.last()).toBeFocused();
});

test('a link to one question opens it', async ({ page }) => {
  // Questions are numbered from 1 within their topic: `#faq-<topic>-<n>`.
  const [first, second] = [FAQ_TOPICS.at(-1), FAQ_TOPICS[0]];
  const linked = first?.questions[1];
  if (!first || !second || !linked) throw new Error('content/faq.yaml necesita un tema con dos preguntas');
  await page.goto(`/faq#faq-${first.id}-2-pregunta`);
  await expect(page.locator(`#faq-${first.id}-2`)).toHaveAttribute('open', '');
  await expect(page.locator(`#faq-${first.id}-2-respuesta`)).toContainText(opening(linked.answer));
  await expect(openItems(page)).toHaveCount(1);

  await page.evaluate((hash) => (window.location.hash = hash), `#faq-${second.id}-1`);
  await expect(page.locator(`#faq-${second.id}-1`)).toHaveAttribute('open', '');
  await expect(openItems(page)).toHaveCount(1);
});
