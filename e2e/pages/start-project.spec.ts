/**
 * /iniciar-proyecto: the limited offer's figures (72 hours, 3 slots, 20% plus free consulting), the
 * specification's four button labels, where they lead, and the 24-hour strategy promise.
 */
import { test, expect } from '../support/fixtures.ts';
import { jsonLdNodes } from '../support/json-ld.ts';

test('heading, breadcrumbs and the 24-hour strategy promise', async ({ page }) => {
  await page.goto('/iniciar-proyecto');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Convierte tu idea en software que genera resultados',
  );
  await expect(
    page.getByRole('navigation', { name: 'Ruta de navegación' }).locator('[aria-current="page"]'),
  ).toHaveText('Iniciar proyecto');
  const promise = page.getByRole('complementary', { name: 'Respuesta con estrategia en 24 h' });
  await expect(promise.getByRole('heading', { level: 3 })).toHaveCount(3);
  const types = (await jsonLdNodes(page)).map((node) => node['@type']);
  expect(types).toContain('BreadcrumbList');
});

test('the offer: ends in 72 hours, 3 slots, 20% discount plus free consulting, with its terms', async ({ page }) => {
  await page.goto('/iniciar-proyecto');
  const offer = page.getByRole('region', { name: 'Lugares limitados para proyectos nuevos' });
  await expect(offer.locator('[data-offer-hours]')).toHaveText('72 horas');
  await expect(offer.getByRole('term').filter({ hasText: 'La oferta termina en' })).toBeVisible();
  await expect(offer.locator('[data-offer-slots]')).toHaveText('3');
  await expect(offer.getByRole('term').filter({ hasText: 'lugares disponibles' })).toBeVisible();
  await expect(offer.locator('[data-offer-discount]')).toHaveText('20%');
  await expect(offer.getByRole('term').filter({ hasText: 'de descuento' })).toBeVisible();
  await expect(offer.getByRole('definition').filter({ hasText: 'Consultoría tecnológica gratuita' })).toBeVisible();
  await expect(offer).toContainText('no te compromete a contratar');
  // The offer is stated, not dramatised: no timer ticks the hours down.
  await expect(page.locator('[role="timer"]')).toHaveCount(0);
});

test('the four button labels of the specification, each leading to the project form', async ({ page }) => {
  await page.goto('/iniciar-proyecto');
  const main = page.getByRole('main');
  for (const label of ['Reservar mi Slot AHORA', 'Transformar mi Idea', 'Iniciar Revolución']) {
    await expect(main.getByRole('link', { name: label })).toHaveAttribute('href', '#formulario');
  }
  const form = page.locator('#formulario [data-form="project"]');
  // The form's submit carries the specification's label (an e-mail button until the form island lands).
  await expect(form.getByRole('button', { name: 'Enviar Proyecto', exact: true })).toBeVisible();

  await main.getByRole('link', { name: 'Reservar mi Slot AHORA' }).click();
  await expect(page).toHaveURL(/#formulario$/);
  await expect(form).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await main.getByRole('link', { name: 'Iniciar Revolución' }).click();
  await expect(form).toBeInViewport();
});
