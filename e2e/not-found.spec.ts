import { test, expect } from './support/fixtures.ts';

// The page itself answers 404; Chromium logs that status as a console error.
test.use({ allowedConsoleErrors: [/status of 404/] });

test('an unknown path answers 404 with the error page', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Página No Encontrada | Angram');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página No Encontrada');
  await expect(page.getByRole('link', { name: 'Ir al Inicio', exact: true })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Contactar Soporte' })).toHaveAttribute('href', '/contacto');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('it offers three cards, eight popular links and a chat asking for help', async ({ page }) => {
  await page.goto('/otra/ruta/inexistente');
  const main = page.getByRole('main');
  const cards = [
    ['Servicios', '/#servicios'],
    ['Portfolio', '/portfolio'],
    ['Tecnologías', '/tecnologias'],
  ];
  for (const [name, href] of cards) {
    await expect(main.getByRole('heading', { level: 3, name }).getByRole('link')).toHaveAttribute(
      'href',
      href as string,
    );
  }
  const popular = [
    ['Aplicaciones Web', '/servicios/aplicaciones-web'],
    ['Apps Móviles', '/servicios/apps-moviles'],
    ['E-commerce', '/servicios/ecommerce'],
    ['Cloud Native', '/servicios/cloud-native'],
    ['CMS a Código', '/cms-a-codigo'],
    ['Integraciones', '/integraciones'],
    ['Proceso', '/proceso-desarrollo'],
    ['FAQ', '/faq'],
  ];
  const list = main.getByRole('heading', { name: 'Enlaces populares' }).locator('xpath=following-sibling::ul[1]');
  await expect(list.getByRole('link')).toHaveCount(8);
  for (const [name, href] of popular) {
    await expect(list.getByRole('link', { name })).toHaveAttribute('href', href as string);
  }
  const chat = main.getByRole('link', { name: /WhatsApp/ });
  const text = new URL((await chat.getAttribute('href')) ?? '').searchParams.get('text') ?? '';
  expect(text).toMatch(/no encontré la página/i);
  expect(text).toMatch(/ayudan/i);
});

test('a card whose title is its link shows the keyboard focus ring on the whole card', async ({ page }) => {
  await page.goto('/pagina-inexistente');
  const link = page.getByRole('main').getByRole('heading', { level: 3, name: 'Portfolio' }).getByRole('link');
  await page.keyboard.press('Tab');
  await link.focus();
  const card = link.locator('xpath=ancestor::li[1]');
  await expect(card).toHaveCSS('outline-style', 'solid');
  await expect(card).toHaveCSS('outline-width', '3px');
});

test('its head carries the whole notFound preset, its own canonical included, and stays out of search', async ({
  page,
}) => {
  for (const [path, canonicalPath, title] of [
    ['/ruta-que-no-existe', '/404', 'Página No Encontrada | Angram'],
    ['/portfolio/caso-inexistente', '/portfolio/404', 'Caso no encontrado | Angram'],
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
