/**
 * The four service pages: heading, the route table's anchor, engagement figures (the FAQ's timelines and
 * starting prices), FAQs as native <details>, breadcrumbs, structured data and calls to action.
 */
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { test, expect } from '../support/fixtures.ts';
import { jsonLdNodes } from '../support/json-ld.ts';

interface ServicePageCopy {
  page?: { related?: { cases?: string[] }; faqs?: { items?: unknown[] } };
}

/** A service page's content file. */
function servicePage(path: string): ServicePageCopy['page'] {
  const file = `content/services/${path.split('/').pop() ?? ''}.yaml`;
  return (yaml.load(readFileSync(file, 'utf8')) as ServicePageCopy).page;
}

/** The cases a service page relates, as its content file lists them. */
function relatedCases(path: string): number {
  return servicePage(path)?.related?.cases?.length ?? 0;
}

const SERVICES = [
  {
    path: '/servicios/aplicaciones-web',
    name: 'Aplicaciones Web',
    h1: 'Aplicaciones web que trabajan al ritmo de tu negocio',
    anchor: 'tecnologias',
    timeline: '4-8 semanas',
    price: '$8,000 USD',
  },
  {
    path: '/servicios/apps-moviles',
    name: 'Apps Móviles',
    h1: 'Apps móviles que tus clientes usan todos los días',
    anchor: 'tipos',
    timeline: '8-14 semanas',
    price: '$12,000 USD',
  },
  {
    path: '/servicios/ecommerce',
    name: 'E-commerce',
    h1: 'Tiendas en línea hechas para vender más en México',
    anchor: 'tipos',
    timeline: '8-16 semanas',
    price: '$10,000 USD',
  },
  {
    path: '/servicios/cloud-native',
    name: 'Cloud Native',
    h1: 'Tu plataforma en la nube, siempre disponible y sin gastos de más',
    anchor: 'servicios',
    timeline: '3-10 semanas',
    price: '$6,000 USD',
  },
] as const;

for (const service of SERVICES) {
  test.describe(service.path, () => {
    // What the page shows, read in one visit (a step each); the FAQs, which are used, have a test of their own.
    test('heading, breadcrumbs, anchored section, structured data, timeline and investment, calls to action', async ({
      page,
    }) => {
      await test.step('heading, breadcrumbs, anchored section and structured data', async () => {
        await page.goto(`${service.path}#${service.anchor}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.h1);
        await expect(page.locator('h1')).toHaveCount(1);

        const section = page.locator(`section#${service.anchor}`);
        await expect(section).toBeInViewport();
        await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
        expect(await section.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(3);

        const trail = page.getByRole('navigation', { name: 'Ruta de navegación' });
        await expect(trail.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
        await expect(trail.getByRole('link', { name: 'Servicios' })).toHaveAttribute('href', '/#servicios');
        await expect(trail.locator('[aria-current="page"]')).toHaveText(service.name);

        const nodes = await jsonLdNodes(page);
        const serviceNode = nodes.find((node) => node['@type'] === 'Service');
        expect(serviceNode?.name).toBe(service.name);
        const crumbs = nodes.find((node) => node['@type'] === 'BreadcrumbList')?.itemListElement as Array<{
          name: string;
        }>;
        expect(crumbs.map((crumb) => crumb.name)).toEqual(['Inicio', 'Servicios', service.name]);
      });

      await test.step('typical timeline and starting investment, formatted for es-MX', async () => {
        const engagement = page.getByRole('region', { name: 'Tiempo e inversión' });
        await expect(engagement.getByRole('definition').filter({ hasText: service.timeline })).toBeVisible();
        await expect(engagement.getByRole('definition').filter({ hasText: service.price })).toBeVisible();
        await expect(engagement.getByText('Duración típica')).toBeVisible();
        await expect(engagement.getByText('Inversión desde')).toBeVisible();
      });

      await test.step('calls to action lead to /iniciar-proyecto and /contacto, and related cases to the portfolio', async () => {
        const main = page.getByRole('main');
        await expect(main.locator('a[href="/iniciar-proyecto"]').first()).toBeVisible();
        await expect(main.locator('a[href="/contacto"]').first()).toBeVisible();
        await expect(main.locator('a[href^="/portfolio/"]')).toHaveCount(relatedCases(service.path));
      });
    });

    test('its FAQs open and close as native details, by mouse and keyboard', async ({ page }) => {
      await page.goto(service.path);
      const details = page.locator('details');
      await expect(details).toHaveCount(servicePage(service.path)?.faqs?.items?.length ?? 0);
      const first = details.first();
      const answer = first.locator('p');
      await expect(first).not.toHaveAttribute('open');
      await expect(answer).toBeHidden();

      await first.locator('summary').click();
      await expect(first).toHaveAttribute('open', '');
      await expect(answer).toBeVisible();
      await first.locator('summary').click();
      await expect(first).not.toHaveAttribute('open');

      const second = details.nth(1);
      await second.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(second).toHaveAttribute('open', '');
      await page.keyboard.press('Space');
      await expect(second).not.toHaveAttribute('open');
    });
  });
}

test('cloud native links its migration and audit pages from #servicios', async ({ page }) => {
  await page.goto('/servicios/cloud-native');
  const section = page.locator('section#servicios');
  await expect(section.getByRole('link', { name: 'Migración a la nube' })).toHaveAttribute('href', '/migracion-cloud');
  await expect(section.getByRole('link', { name: 'Auditoría de infraestructura' })).toHaveAttribute(
    'href',
    '/auditoria-infraestructura',
  );
  await section.getByRole('link', { name: 'Auditoría de infraestructura' }).click();
  await expect(page).toHaveURL(/\/auditoria-infraestructura$/);
});

test('web apps name their technologies in #tecnologias', async ({ page }) => {
  await page.goto('/servicios/aplicaciones-web');
  const section = page.locator('section#tecnologias');
  for (const tech of ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'AWS']) {
    await expect(
      section
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^\\s*${tech}\\s*$`) })
        .first(),
    ).toBeVisible();
  }
});

test.describe('a service without its own page', () => {
  // The page answers 404 on purpose; Chromium logs that status as a console error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('answers 404', async ({ page }) => {
    const response = await page.goto('/servicios/sistemas-empresariales');
    expect(response?.status()).toBe(404);
  });
});

test('/servicios/aplicaciones-web names the twelve languages products are localised into, each in its own language', async ({
  page,
}) => {
  await page.goto('/servicios/aplicaciones-web');
  const section = page.locator('#idiomas');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Tu producto, en 12 idiomas');
  const list = section.getByRole('list', { name: 'Tu producto, en 12 idiomas' });
  const expected = [
    ['es', 'Español', 'Español'],
    ['en', 'Inglés', 'English'],
    ['fr', 'Francés', 'Français'],
    ['pt', 'Portugués', 'Português'],
    ['it', 'Italiano', 'Italiano'],
    ['de', 'Alemán', 'Deutsch'],
    ['ja', 'Japonés', '日本語'],
    ['zh', 'Chino', '中文'],
    ['ar', 'Árabe', 'العربية'],
    ['ru', 'Ruso', 'Русский'],
    ['ko', 'Coreano', '한국어'],
    ['hi', 'Hindi', 'हिन्दी'],
  ] as const;
  await expect(list.getByRole('listitem')).toHaveCount(expected.length);
  for (const [code, name, native] of expected) {
    const item = list.locator(`[data-language="${code}"]`);
    await expect(item).toContainText(name);
    await expect(item.locator(`[lang="${code}"]`)).toHaveText(native);
  }
  await expect(list.locator('[lang="ar"]')).toHaveAttribute('dir', 'rtl');
});
