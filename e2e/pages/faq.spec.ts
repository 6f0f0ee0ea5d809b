import { test, expect, waitForHydration } from '../support/fixtures.ts';
import { jsonLdNodes } from './jsonld.ts';

const CATEGORIES = ['Proyectos y tiempos', 'Inversión y pagos', 'Soporte y garantía', 'Proceso y comunicación'];

test.describe('/faq with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/faq');
    await waitForHydration(page);
  });

  test('four categories, every question a button tied to its answer', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resolvemos tus dudas antes de empezar');
    await expect(page.locator('#preguntas h3')).toHaveText(CATEGORIES);
    const buttons = page.locator('#preguntas h4 button');
    expect(await buttons.count()).toBeGreaterThanOrEqual(16);
    for (const button of await buttons.all()) {
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      const panelId = (await button.getAttribute('aria-controls')) ?? '';
      const panel = page.locator(`#${panelId}`);
      await expect(panel).toBeHidden();
      await expect(panel).toHaveAttribute('aria-labelledby', (await button.getAttribute('id')) ?? '');
    }
    const first = buttons.first();
    await first.click();
    await expect(page.getByRole('region', { name: (await first.textContent()) ?? '' })).toBeVisible();
  });

  test('one answer open at a time across categories; clicking the open question closes it', async ({ page }) => {
    const time = page.getByRole('button', { name: '¿Cuánto tiempo toma desarrollar una aplicación web?' });
    const payments = page.getByRole('button', { name: '¿Cómo se divide el pago?' });
    const timePanel = page.locator(`#${await time.getAttribute('aria-controls')}`);
    const paymentsPanel = page.locator(`#${await payments.getAttribute('aria-controls')}`);

    await time.click();
    await expect(time).toHaveAttribute('aria-expanded', 'true');
    await expect(timePanel).toContainText('4 a 8 semanas');

    await payments.click();
    await expect(payments).toHaveAttribute('aria-expanded', 'true');
    await expect(paymentsPanel).toContainText('30% al firmar');
    await expect(time).toHaveAttribute('aria-expanded', 'false');
    await expect(timePanel).toBeHidden();
    await expect(page.locator('#preguntas button[aria-expanded="true"]')).toHaveCount(1);

    await payments.click();
    await expect(payments).toHaveAttribute('aria-expanded', 'false');
    await expect(paymentsPanel).toBeHidden();
    await expect(page.locator('#preguntas button[aria-expanded="true"]')).toHaveCount(0);
  });

  test('the same position in two categories is two different items', async ({ page }) => {
    const buttons = page.locator('#preguntas h4 button');
    const firstOfFirst = page.locator('#proyectos-y-tiempos h4 button').first();
    const firstOfSecond = page.locator('#inversion-y-pagos h4 button').first();
    await firstOfFirst.click();
    await firstOfSecond.click();
    await expect(firstOfFirst).toHaveAttribute('aria-expanded', 'false');
    await expect(firstOfSecond).toHaveAttribute('aria-expanded', 'true');
    expect(await buttons.count()).toBeGreaterThan(2);
  });

  test('works by keyboard: Enter and Space toggle, arrows, Home and End move between questions', async ({ page }) => {
    const buttons = page.locator('#preguntas h4 button');
    const count = await buttons.count();
    await buttons.first().focus();
    await page.keyboard.press('Enter');
    await expect(buttons.first()).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(buttons.first()).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowDown');
    await expect(buttons.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(buttons.nth(count - 1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(buttons.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(buttons.nth(count - 1)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(buttons.first()).toBeFocused();

    // Tab reaches the next question too, and Space opens it.
    await page.keyboard.press('Tab');
    await expect(buttons.nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'true');
  });

  test('FAQPage structured data lists every question', async ({ page }) => {
    const faq = (await jsonLdNodes(page)).find((node) => node['@type'] === 'FAQPage') as { mainEntity?: Array<{ name: string }> } | undefined;
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

test('hydrating the accordion moves nothing on the page', async ({ page }) => {
  // Hold the island's script so the page can be measured before and after it hydrates.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/FaqAccordion\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const layout = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('#preguntas h3, #preguntas h4, main h2')].map((el) => {
        const box = el.getBoundingClientRect();
        return [Math.round(box.top + window.scrollY), Math.round(box.height), Math.round(box.width)];
      }),
    );
  await page.goto('/faq');
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('#preguntas button')).toHaveCount(0);
  const before = await layout();
  release();
  await waitForHydration(page);
  await expect(page.locator('#preguntas h4 button').first()).toBeVisible();
  expect(await layout()).toEqual(before);
});

test('a link to one question opens it', async ({ page }) => {
  await page.goto('/faq#faq-soporte-y-garantia-2-pregunta');
  await waitForHydration(page);
  const button = page.locator('#faq-soporte-y-garantia-2-pregunta');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#faq-soporte-y-garantia-2-respuesta')).toContainText('6 meses de garantía');
});

test.describe('/faq without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every answer is in the HTML and visible, questions as plain headings', async ({ page }) => {
    await page.goto('/faq');
    const questions = page.locator('#preguntas h4');
    const answers = page.locator('#preguntas .faq-panel');
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(16);
    await expect(answers).toHaveCount(count);
    for (const answer of await answers.all()) await expect(answer).toBeVisible();
    await expect(page.locator('#preguntas button')).toHaveCount(0);
    for (const figure of ['4 a 8 semanas', '8 a 16 semanas', '12 a 24 semanas', '30% al firmar', '40%', '3 meses de soporte gratuito', '500 USD al mes', '6 meses de garantía']) {
      await expect(page.locator('#preguntas')).toContainText(figure);
    }
  });
});
