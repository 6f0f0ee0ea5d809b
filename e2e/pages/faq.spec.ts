import type { Locator, Page } from '@playwright/test';
import { test, expect, waitForIsland } from '../support/fixtures.ts';
import { accessibleExpanded, holdIsland, isHydrated } from '../support/islands.ts';
import { jsonLdNodes } from './jsonld.ts';

const CATEGORIES = ['Proyectos y tiempos', 'Inversión y pagos', 'Soporte y garantía', 'Proceso y comunicación'];

/** The <details> of a question, found by its text. */
const item = (page: Page, question: string): Locator =>
  page.locator('#preguntas details').filter({ has: page.locator('summary', { hasText: question }) });
const openItems = (page: Page): Locator => page.locator('#preguntas details[open]');

/**
 * One question opens, a second closes the first (across categories), activating the open one closes
 * it: what the FAQ must do before and after hydration alike.
 */
async function oneOpenAtATime(page: Page): Promise<void> {
  const time = item(page, '¿Cuánto tiempo toma desarrollar una aplicación web?');
  const payments = item(page, '¿Cómo se divide el pago?');

  await time.locator('summary').click();
  await expect(time).toHaveAttribute('open', '');
  await expect(time.getByRole('region')).toContainText('4 a 8 semanas');

  await payments.locator('summary').click();
  await expect(payments).toHaveAttribute('open', '');
  await expect(payments.getByRole('region')).toContainText('30% al firmar');
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

  test('four categories, every question a disclosure tied to its answer', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resolvemos tus dudas antes de empezar');
    await expect(page.locator('#preguntas h3')).toHaveText(CATEGORIES);
    const items = page.locator('#preguntas details');
    expect(await items.count()).toBeGreaterThanOrEqual(16);
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

  test('FAQPage structured data lists every question', async ({ page }) => {
    const faq = (await jsonLdNodes(page)).find((node) => node['@type'] === 'FAQPage') as
      { mainEntity?: Array<{ name: string }> } | undefined;
    const questions = await page.locator('#preguntas h4').allTextContents();
    expect(faq?.mainEntity?.map((entry) => entry.name)).toEqual(questions.map((q) => q.trim()));
  });

  test('topic links lead to each category and the help band to contact', async ({ page }) => {
    const topics = page.getByRole('navigation', { name: 'Temas' }).getByRole('link');
    await expect(topics).toHaveCount(4);
    await expect(topics.nth(1)).toHaveAttribute('href', '#inversion-y-pagos');
    await expect(page.locator('#inversion-y-pagos')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Contactar', exact: true })).toHaveAttribute('href', '/contacto');
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
  const support = item(page, '¿Qué cubre la garantía?');
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
  await page.goto('/faq#faq-soporte-y-garantia-2-pregunta');
  await expect(page.locator('#faq-soporte-y-garantia-2')).toHaveAttribute('open', '');
  await expect(page.locator('#faq-soporte-y-garantia-2-respuesta')).toContainText('6 meses de garantía');
  await expect(openItems(page)).toHaveCount(1);

  await page.evaluate(() => (window.location.hash = '#faq-inversion-y-pagos-1'));
  await expect(page.locator('#faq-inversion-y-pagos-1')).toHaveAttribute('open', '');
  await expect(openItems(page)).toHaveCount(1);
});

test.describe('/faq without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every answer is in the HTML, and each question opens and closes with no script at all', async ({ page }) => {
    await page.goto('/faq');
    const questions = page.locator('#preguntas h4');
    const answers = page.locator('#preguntas .faq-panel');
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(16);
    await expect(answers).toHaveCount(count);
    for (const figure of [
      '4 a 8 semanas',
      '8 a 16 semanas',
      '12 a 24 semanas',
      '30% al firmar',
      '40%',
      '3 meses de soporte gratuito',
      '500 USD al mes',
      '6 meses de garantía',
      'tu presupuesto en pesos mexicanos',
    ]) {
      await expect(page.locator('#preguntas')).toContainText(figure);
    }
    await oneOpenAtATime(page);
  });
});
