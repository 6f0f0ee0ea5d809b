import { INTEGRATION_CATEGORIES, pageCopy, pageSection, PHASES } from '../support/content.ts';
import { test, expect } from '../support/fixtures.ts';
import { jsonLdNodes } from './jsonld.ts';
import { contactDetails } from '../../core/contact.ts';
import { loadContentFacts } from '../../core/content/load.ts';

async function expectCrumb(page: import('@playwright/test').Page, name: string) {
  const trail = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(trail.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
  await expect(trail.locator('[aria-current="page"]')).toHaveText(name);
  expect((await jsonLdNodes(page)).map((node) => node['@type'])).toContain('BreadcrumbList');
}

test('/proceso-desarrollo: every phase with duration, description, activities and deliverables', async ({ page }) => {
  await page.goto('/proceso-desarrollo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageCopy('proceso-desarrollo').hero.title);
  await expectCrumb(page, 'Proceso de desarrollo');
  const phases = page.locator('#fases > div > ol > li');
  await expect(phases).toHaveCount(PHASES.length);
  for (const [index, { title, duration }] of PHASES.entries()) {
    const phase = phases.nth(index);
    await expect(phase.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(phase).toContainText(`Fase ${index + 1}`);
    await expect(phase).toContainText(duration);
    await expect(phase.getByRole('heading', { level: 4 })).toHaveText(['Actividades', 'Entregables']);
    await expect(phase.locator('h4 + ul').first().getByRole('listitem')).not.toHaveCount(0);
  }
  await expect(page.locator('#fases')).toContainText('sprints de 1 a 2 semanas');
  const claims = page.locator('#calidad dl dd');
  await expect(claims).toHaveText(['90%+', '95%+', '90+', '99.9%']);
  await expect(page.locator('#calidad')).toContainText('cobertura de pruebas');
  // The hero's phase chips jump to each phase.
  await page.getByRole('link', { name: /^4 Lanzamiento/ }).click();
  await expect(page).toHaveURL(/#fase-lanzamiento$/);
});

test('/tecnologias: #stack grouped by category with the level in Spanish', async ({ page }) => {
  await page.goto('/tecnologias');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Tecnología probada para proyectos que no pueden fallar',
  );
  await expectCrumb(page, 'Tecnologías');
  const stack = page.locator('#stack');
  await expect(stack.getByRole('heading', { level: 3 })).toHaveText(['Frontend', 'Backend', 'Cloud', 'Móvil']);
  const cards = stack.locator('li.card');
  expect(await cards.count()).toBeGreaterThanOrEqual(20);
  for (const card of await cards.all())
    await expect(card.locator('h4 + span')).toHaveText(/^\s*(Experto|Avanzado)\s*$/);
  await expect(stack.locator('li.card', { hasText: 'TypeScript' }).locator('h4 + span')).toHaveText('Experto');
  await expect(stack).not.toContainText(/\b(Expert|Advanced)\b/);
  await expect(page.locator('#niveles')).toContainText('Experto');
  await expect(page.getByRole('link', { name: 'Ver consultoría tecnológica' })).toHaveAttribute(
    'href',
    '/consultoria-tecnologica',
  );
});

test('/integraciones: #google first, then the other categories, and the consulting link', async ({ page }) => {
  await page.goto('/integraciones');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageCopy('integraciones').hero.title);
  await expectCrumb(page, 'Integraciones');
  const categories = page.locator('#categorias section[id]');
  await expect(categories).toHaveCount(INTEGRATION_CATEGORIES.length);
  for (const [index, { id, title, items }] of INTEGRATION_CATEGORIES.entries()) {
    await expect(categories.nth(index)).toHaveAttribute('id', id);
    await expect(categories.nth(index).getByRole('heading', { level: 3 })).toHaveText(title);
    for (const item of items) await expect(categories.nth(index)).toContainText(item);
  }
  // The page and the links to it promise #google first (the content's schema holds it there).
  await expect(categories.first()).toHaveAttribute('id', 'google');
  await expect(page.getByRole('link', { name: 'Solicitar consultoría de integraciones' })).toHaveAttribute(
    'href',
    '/consultoria-integraciones',
  );
  await page.goto('/integraciones#google');
  await expect(page.locator('#google h3')).toBeInViewport();
});

test('/contacto: the big form, the four promises and every channel', async ({ page }) => {
  await page.goto('/contacto');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hablemos de tu próximo proyecto');
  await expectCrumb(page, 'Contacto');
  await expect(page.locator('[data-form="big"]')).toBeVisible();
  const promises = page.locator('#promesas li');
  const expected = pageSection('contacto', 'promesas').items;
  await expect(promises).toHaveCount(expected.length);
  for (const [index, { value, title }] of expected.entries()) {
    await expect(promises.nth(index)).toContainText(value ?? '');
    await expect(promises.nth(index).getByRole('heading', { level: 3 })).toHaveText(title ?? '');
  }
  const channels = page.locator('#canales');
  await expect(channels.getByRole('link', { name: 'hola@angram.mx' })).toHaveAttribute('href', 'mailto:hola@angram.mx');
  await expect(channels.locator('a[href^="tel:"]')).toHaveAttribute('href', 'tel:+525541612280');
  const whatsapp = channels.getByRole('link', { name: /WhatsApp/ });
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  const chat = new URL((await whatsapp.getAttribute('href')) ?? '');
  expect(chat.hostname).toBe('wa.me');
  expect(chat.searchParams.get('text')).toMatch(/proyecto/);
  await expect(channels).toContainText(contactDetails(loadContentFacts().contact).supportHours);
});
