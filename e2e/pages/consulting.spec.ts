/**
 * /cms-a-codigo, /consultoria-tecnologica, /auditoria-infraestructura, /migracion-cloud and
 * /consultoria-integraciones: headings, anchors, back links, the published prices, durations and ROI, the
 * place for each form, and Service structured data.
 */
import type { Page } from '@playwright/test';
import { AUDIT, CONSULTING_OFFERS, sectionItems } from '../support/content.ts';
import { test, expect } from '../support/fixtures.ts';
import { jsonLdNodes } from '../support/json-ld.ts';

async function expectServiceJsonLd(page: Page): Promise<void> {
  const types = (await jsonLdNodes(page)).map((node) => node['@type']);
  expect(types).toContain('Service');
  expect(types).toContain('BreadcrumbList');
}

test.describe('/cms-a-codigo', () => {
  test('heading, #beneficios with its benefits, migration steps and calls to action', async ({ page }) => {
    await page.goto('/cms-a-codigo#beneficios');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'De WordPress y plugins a un sistema hecho para tu empresa',
    );
    const benefits = page.locator('section#beneficios');
    await expect(benefits).toBeInViewport();
    await expect(benefits.getByRole('heading', { level: 2 })).toHaveText('Beneficios de un sistema propio');
    await expect(benefits.getByRole('heading', { level: 3 })).toHaveCount(sectionItems('cms-a-codigo', 'beneficios'));
    await expect(page.locator('section#migracion ol > li')).toHaveCount(sectionItems('cms-a-codigo', 'migracion'));

    const trail = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(trail.getByRole('link', { name: 'Servicios' })).toHaveAttribute('href', '/#servicios');
    await expect(trail.locator('[aria-current="page"]')).toHaveText('CMS a Código');

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Solicitar diagnóstico' }).first()).toHaveAttribute(
      'href',
      '/contacto',
    );
    await expect(main.getByRole('link', { name: 'Iniciar mi proyecto' }).first()).toHaveAttribute(
      'href',
      '/iniciar-proyecto',
    );
    await expectServiceJsonLd(page);
  });
});

test.describe('/consultoria-tecnologica', () => {
  const OFFERS = CONSULTING_OFFERS;

  // What the page shows, read in one visit (a step each); the hero's jump to the form goes last.
  test('offers with price and duration, Service structured data, heading, back link and the consulting form', async ({
    page,
  }) => {
    await page.goto('/consultoria-tecnologica');

    await test.step('every offer with its starting price and duration', async () => {
      const section = page.locator('section#servicios');
      await expect(section.getByRole('article')).toHaveCount(OFFERS.length);
      for (const offer of OFFERS) {
        const card = section.getByRole('article', { name: offer.name });
        await expect(card).toHaveAttribute('id', `consultoria-${offer.id}`);
        await expect(card.getByRole('term').first()).toHaveText('Desde');
        await expect(card.getByRole('definition').first()).toHaveText(offer.price);
        await expect(card.getByRole('definition').nth(1)).toHaveText(offer.duration);
        // The buttons share the visible label; the offer's name (visually hidden) tells them apart.
        await expect(
          card.getByRole('link', { name: new RegExp(`^Solicitar esta consultoría\\s*: ${offer.name}$`) }),
        ).toHaveAttribute('href', '#formulario');
        // The hero's index jumps to each card.
        await expect(page.locator(`a[href="#consultoria-${offer.id}"]`)).toContainText(offer.price);
      }
    });

    await test.step('each offer is a Service with its starting price in the structured data', async () => {
      const nodes = await jsonLdNodes(page);
      await expectServiceJsonLd(page);
      const architecture = nodes.find((node) => node.name === 'Arquitectura de software');
      expect(architecture?.offers).toMatchObject({ priceSpecification: { minPrice: '2500', priceCurrency: 'USD' } });
    });

    await test.step('heading, back link to /tecnologias and the consulting form', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Decisiones técnicas correctas antes de invertir',
      );
      const back = page.getByRole('link', { name: 'Volver a Tecnologías' });
      await expect(back).toHaveAttribute('href', '/tecnologias');
      await expect(page.locator('#formulario [data-form="consulting"]')).toBeVisible();

      await page.getByRole('link', { name: 'Agendar consultoría' }).click();
      await expect(page).toHaveURL(/#formulario$/);
      await expect(page.locator('#formulario [data-form="consulting"]')).toBeInViewport();
    });
  });
});

test.describe('/auditoria-infraestructura', () => {
  // What the page shows, read in one visit (a step each); the back link, which leaves the page, goes last.
  test('areas, phases and deliverables, price, ROI and support, heading, back link and the audit form', async ({
    page,
  }) => {
    await page.goto('/auditoria-infraestructura#fases');

    await test.step('the areas, phases by day and the deliverables', async () => {
      await expect(page.locator('section#fases')).toBeInViewport();
      await expect(page.locator('section#areas').getByRole('heading', { level: 3 })).toHaveText(AUDIT.areas);
      const phases = page.locator('section#fases ol > li');
      await expect(phases).toHaveCount(AUDIT.phases.length);
      for (const [index, { fromDay, toDay }] of AUDIT.phases.entries()) {
        const days = fromDay === toDay ? `Día ${fromDay}` : `Días ${fromDay}-${toDay}`;
        await expect(phases.nth(index)).toContainText(days);
      }
      await expect(page.locator('section#entregables').getByRole('heading', { level: 3 })).toHaveText(
        AUDIT.deliverables,
      );
    });

    await test.step('price, duration, ROI and post-audit support', async () => {
      const facts = page.locator('[data-audit-facts]');
      const fact = (term: string) =>
        facts.locator('div').filter({ has: page.getByRole('term').filter({ hasText: term }) });
      await expect(fact('Inversión').getByRole('definition')).toHaveText('$5,000 USD');
      await expect(fact('Duración').getByRole('definition')).toHaveText('10-14 días');
      await expect(fact('Retorno estimado').getByRole('definition')).toHaveText(['300-500%', 'en 6 meses']);
      await expect(fact('Soporte posterior').getByRole('definition')).toHaveText('30 días');

      const roi = page.locator('section#roi');
      await expect(roi).toContainText('300-500%');
      await expect(roi).toContainText('30 días');

      const nodes = await jsonLdNodes(page);
      expect(nodes.find((node) => node['@type'] === 'Service')?.offers).toMatchObject({
        price: '5000',
        priceCurrency: 'USD',
      });
    });

    await test.step('heading, back link to cloud native and the consulting form for the audit', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Descubre qué le sobra, qué le falta y qué pone en riesgo a tu nube',
      );
      const back = page.getByRole('link', { name: 'Volver a Cloud Native' });
      await expect(back).toHaveAttribute('href', '/servicios/cloud-native');
      await expect(page.locator('#formulario [data-form="consulting"]')).toBeVisible();
      await back.click();
      await expect(page).toHaveURL(/\/servicios\/cloud-native$/);
    });
  });
});

const FORM_PAGES = [
  {
    path: '/migracion-cloud',
    h1: 'Lleva tus sistemas a la nube sin detener tu operación',
    back: { name: 'Volver a Cloud Native', href: '/servicios/cloud-native' },
    anchors: ['por-que-migrar', 'enfoque', 'formulario'],
    form: 'cloudMigration',
    heroAction: 'Evaluar mi migración',
  },
  {
    path: '/consultoria-integraciones',
    h1: 'Haz que tus sistemas trabajen juntos',
    back: { name: 'Volver a Integraciones', href: '/integraciones' },
    anchors: ['beneficios', 'enfoque', 'formulario'],
    form: 'integrations',
    heroAction: 'Solicitar consultoría',
  },
];

for (const formPage of FORM_PAGES) {
  test(`${formPage.path}: heading, back link, sections and the place for its form`, async ({ page }) => {
    await page.goto(formPage.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(formPage.h1);
    await expect(page.getByRole('link', { name: formPage.back.name })).toHaveAttribute('href', formPage.back.href);
    for (const anchor of formPage.anchors) await expect(page.locator(`section#${anchor}`)).toHaveCount(1);
    const form = page.locator(`#formulario [data-form="${formPage.form}"]`);
    await expect(form).toBeVisible();

    await page.getByRole('link', { name: formPage.heroAction }).click();
    await expect(form).toBeInViewport();

    const trail = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(trail.getByRole('link').nth(1)).toHaveAttribute('href', formPage.back.href);
    await expectServiceJsonLd(page);
  });
}
