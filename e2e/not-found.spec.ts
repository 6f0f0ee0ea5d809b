import { CONTACT_GREETINGS, pageCopy, pageSection } from './support/content.ts';
import { test, expect } from './support/fixtures.ts';

// The page itself answers 404; Chromium logs that status as a console error.
test.use({ allowedConsoleErrors: [/status of 404/] });

test('an unknown path answers 404 with the error page', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  const { hero, seo } = pageCopy('404');
  await expect(page).toHaveTitle(`${seo.title} | Angram`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.title);
  for (const { label, href } of hero.actions ?? []) {
    await expect(page.getByRole('main').getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('it offers the cards, the popular links of its copy and a chat asking for help', async ({ page }) => {
  await page.goto('/otra/ruta/inexistente');
  const main = page.getByRole('main');
  const explore = pageSection('404', 'explora');
  expect(explore.items.length).toBeGreaterThan(0);
  for (const { title, href } of explore.items) {
    await expect(main.getByRole('heading', { level: 3, name: title }).getByRole('link')).toHaveAttribute(
      'href',
      href as string,
    );
  }
  const popular = pageSection('404', 'populares');
  const list = main.getByRole('heading', { name: popular.title }).locator('xpath=following-sibling::ul[1]');
  await expect(list.getByRole('link')).toHaveText(popular.actions.map((action) => action.label));
  for (const { label, href } of popular.actions) {
    await expect(list.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  const chat = main.getByRole('link', { name: /WhatsApp/ });
  const text = new URL((await chat.getAttribute('href')) ?? '').searchParams.get('text') ?? '';
  expect(text).toBe(CONTACT_GREETINGS.navigationHelp);
});

test('a card whose title is its link shows the keyboard focus ring on the whole card', async ({ page }) => {
  await page.goto('/pagina-inexistente');
  const [card] = pageSection('404', 'explora').items;
  const link = page
    .getByRole('main')
    .getByRole('heading', { level: 3, name: card?.title ?? '' })
    .getByRole('link');
  await page.keyboard.press('Tab');
  await link.focus();
  const item = link.locator('xpath=ancestor::li[1]');
  await expect(item).toHaveCSS('outline-style', 'solid');
  await expect(item).toHaveCSS('outline-width', '3px');
});

test('its head carries the whole notFound preset, its own canonical included, and stays out of search', async ({
  page,
}) => {
  for (const [path, canonicalPath, title] of [
    ['/ruta-que-no-existe', '/404', `${pageCopy('404').seo.title} | Angram`],
    [
      '/portfolio/caso-inexistente',
      '/portfolio/404',
      `${pageSection('portfolio', 'caso-no-encontrado').title} | Angram`,
    ],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    await expect(page).toHaveTitle(title);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname, path).toBe(canonicalPath);
    expect(await meta('meta[property="og:url"]'), path).toBe(canonical);
    expect(await meta('meta[name="robots"]'), path).toMatch(/^noindex/);
    expect((await meta('meta[name="description"]'))?.length, path).toBeGreaterThanOrEqual(50);
    expect(await meta('meta[name="keywords"]'), path).toContain('404');
    for (const property of [
      'og:title',
      'og:description',
      'og:image',
      'og:image:alt',
      'twitter:title',
      'twitter:description',
      'twitter:image',
    ]) {
      const selector = property.startsWith('og:') ? `meta[property="${property}"]` : `meta[name="${property}"]`;
      expect(await meta(selector), `${path} ${property}`).toBeTruthy();
    }
  }
});
