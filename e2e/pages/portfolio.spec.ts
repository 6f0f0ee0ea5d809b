import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { test, expect } from '../support/fixtures.ts';
import { jsonLdNodes } from './jsonld.ts';
import { CASES } from '../support/content.ts';

/** Every case of content/portfolio/, in its order: a new case is one Markdown file, and the specs follow. */
const CASE_IDS = CASES.map((entry) => entry.id);
const CASE_COUNT = CASES.length;

/** The case paths in the order /portfolio lists them, each with the title its card links by. */
async function listedCases(page: import('@playwright/test').Page): Promise<Array<{ href: string; title: string }>> {
  await page.goto('/portfolio');
  return page
    .locator('#proyectos article h3 a')
    .evaluateAll((links) =>
      links.map((link) => ({ href: link.getAttribute('href') ?? '', title: link.textContent.trim() })),
    );
}

test.describe('/portfolio', () => {
  // What the listing shows, read in one visit (a step each); the scroll that reveals the cards goes last.
  test('every case in its order, the portfolio figures, and cards that fade in 200 ms apart', async ({ page }) => {
    await page.goto('/portfolio');

    await test.step('every case in its order, each with only its first two metrics', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proyectos que transforman industrias');
      await expect(
        page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Inicio' }),
      ).toHaveAttribute('href', '/');
      const cards = page.locator('#proyectos article');
      await expect(cards).toHaveCount(CASE_COUNT);
      const hrefs = await cards.locator('h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(CASE_IDS.map((id) => `/portfolio/${id}`));
      for (const card of await cards.all()) {
        // Its cover arrives as the card nears the screen.
        await card.scrollIntoViewIfNeeded();
        await expect(card.locator('dl > div')).toHaveCount(2);
        await expect(card.getByRole('img')).toHaveAttribute('alt', /.{20,}/);
        await expect(card.locator('p').first()).toHaveText(/^\s*\S.* · 20\d\d\s*$/);
        await expect(card).toContainText('Ver Caso');
      }
      // Fintech shows $50M+ MXN and 2M+, not its third metric (99.99%).
      const fintech = cards.filter({ has: page.locator('a[href="/portfolio/fintech-revolution"]') });
      await expect(fintech.locator('dd')).toHaveText(['$50M+ MXN', '2M+']);
      await expect(fintech).not.toContainText('99.99%');
      await expect(page.locator('[data-reveal-stagger="200"] > article')).toHaveCount(CASE_COUNT);
      for (const [index, { category }] of CASES.entries()) {
        await expect(cards.nth(index).locator('p').first()).toContainText(`${category} · `);
      }
    });

    await test.step('portfolio figures: the four of content/stats.yaml, the clients as on the home page', async () => {
      const stats = page.locator('#estadisticas dl > div');
      const { marketing, portfolio } = yaml.load(readFileSync('content/stats.yaml', 'utf8')) as Record<
        'marketing' | 'portfolio',
        { items: Array<{ value: string; label: string }> }
      >;
      await expect(stats.locator('dd')).toHaveText(portfolio.items.map((item) => item.value));
      await expect(stats.locator('dt')).toHaveText(portfolio.items.map((item) => item.label));
      const clients = (items: ReadonlyArray<{ value: string; label: string }>) =>
        items.find((item) => item.label.startsWith('clientes'))?.value;
      expect(clients(portfolio.items)).toBe(clients(marketing.items));
    });

    await test.step('cards fade in 200 ms apart', async () => {
      const cards = page.locator('[data-reveal-stagger="200"] > article');
      await cards.last().scrollIntoViewIfNeeded();
      await expect(cards.last()).toHaveClass(/is-visible/);
      const delays = await cards.evaluateAll((elements) =>
        elements.map((el) => (el as HTMLElement).style.getPropertyValue('--reveal-delay')),
      );
      expect(delays).toEqual(Array.from({ length: CASE_COUNT }, (_, index) => `${index * 200}ms`));
    });
  });
});

test.describe('case pages', () => {
  // The listing is read once and each case page is visited once, a step each; the fintech case's figures
  // and the og image's crop are read on those same visits. A visit per case outgrows the default 30 s.
  test('every case page tells the whole case; the fintech figures; the og image crop', async ({ page, request }) => {
    test.setTimeout(120_000);
    // Both cases' own steps run inside the loop: neither may go missing with its case.
    expect(CASE_IDS).toEqual(expect.arrayContaining(['fintech-revolution', 'edutech-platform']));
    const listed = await listedCases(page);
    const hrefs = listed.map((entry) => entry.href);
    for (const id of CASE_IDS) {
      await test.step(`/portfolio/${id} tells the whole case`, async () => {
        const title = listed.find((entry) => entry.href === `/portfolio/${id}`)?.title ?? '';
        expect(title.length).toBeGreaterThan(10);

        const response = await page.goto(`/portfolio/${id}`);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(`${title} | Angram`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        const trail = page.getByRole('navigation', { name: 'Ruta de navegación' });
        await expect(trail.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
        await expect(trail.locator('[aria-current="page"]')).toHaveText(title);

        for (const heading of [
          'El reto',
          'La solución',
          'Resultados',
          'Funcionalidades clave',
          'Lo que dice el cliente',
          'Tecnologías',
        ]) {
          await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
        }
        for (const fact of ['Cliente', 'Año', 'Duración', 'Equipo'])
          await expect(page.locator('main dl').first()).toContainText(fact);
        await expect(page.locator('main blockquote')).toHaveCount(1);
        const cover = page.locator('main img[fetchpriority="high"]');
        await expect(cover).toHaveAttribute('loading', 'eager');
        await expect(cover).toHaveAttribute('alt', /.{20,}/);

        const back = page.getByRole('link', { name: 'Volver al portfolio' });
        await expect(back.first()).toHaveAttribute('href', '/portfolio');
        // Neighbours in the listed order, wrapping around at both ends.
        const index = hrefs.indexOf(`/portfolio/${id}`);
        await expect(page.locator('a[rel="prev"]')).toHaveAttribute('href', hrefs.at(index - 1) ?? '');
        await expect(page.locator('a[rel="next"]')).toHaveAttribute('href', hrefs[(index + 1) % hrefs.length] ?? '');

        await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
        await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\.jpg$/);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/portfolio/${id}$`));
        const types = (await jsonLdNodes(page)).map((node) => node['@type']);
        expect(types).toEqual(expect.arrayContaining(['CreativeWork', 'BreadcrumbList']));
        const work = (await jsonLdNodes(page)).find((node) => node['@type'] === 'CreativeWork');
        expect(work?.name).toBe(title);
      });

      if (id === 'fintech-revolution') {
        await test.step('the fintech case shows its figures, its client and its narrative', async () => {
          const main = page.getByRole('main');
          for (const figure of ['$50M+ MXN', '2M+', '99.99%', '15 min'])
            await expect(main.locator('dd', { hasText: figure }).first()).toBeVisible();
          await expect(main).toContainText('Pagora Financiera');
          await expect(main).toContainText('11 meses');
          await expect(main.getByRole('heading', { level: 2, name: 'Cómo lo construimos' })).toBeVisible();
          await expect(main).toContainText('Elegimos Go para el núcleo');
          await expect(
            main.getByRole('heading', { name: 'Resultados' }).locator('xpath=following-sibling::ul[1]/li'),
          ).toHaveCount(CASES.find((entry) => entry.id === 'fintech-revolution')?.results ?? 0);
        });
      }

      if (id === 'edutech-platform') {
        await test.step('the og image is a 1200x630 crop of the cover', async () => {
          const url = new URL((await page.locator('meta[property="og:image"]').getAttribute('content')) ?? '');
          const image = await request.get(url.pathname);
          expect(image.status()).toBe(200);
          expect(image.headers()['content-type']).toMatch(/image\/jpeg/);
          await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
          await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
        });
      }
    }
  });
});

test.describe('unknown case', () => {
  // The page answers 404 on purpose; Chromium logs that status as a console error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('any other id answers 404 with "Caso no encontrado" and the way back', async ({ page }) => {
    const response = await page.goto('/portfolio/no-existe');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Caso no encontrado | Angram');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Caso no encontrado');
    await expect(page.getByRole('link', { name: 'Volver al portfolio' })).toHaveAttribute('href', '/portfolio');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const suggestions = page.getByRole('main').locator('ul a[href^="/portfolio/"]');
    await expect(suggestions).toHaveCount(CASE_COUNT);
    await page.getByRole('link', { name: 'Volver al portfolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
  });

  // Reads the server's answers only: no browser.
  test('the error page is not listed in the sitemap', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    const listed = (await Promise.all(sitemaps.map(async (path) => (await request.get(path)).text()))).join('');
    expect(listed).toContain('/portfolio/fintech-revolution');
    expect(listed).not.toContain('/portfolio/404');
  });
});
