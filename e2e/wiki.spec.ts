import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './support/fixtures.ts';
import { builtPages, parsePage, sitemapPathsFromDist } from './support/built-site.ts';
import { LIGHTHOUSE_SUMMARY_PATH } from '../src/lib/wiki/project-stats.ts';
import { lighthouseMinimum } from '../src/lib/wiki/stats.ts';
import { LEAD_KIND_IDS } from '../core/forms/kinds.ts';
import { EMAIL_PREVIEW_SAMPLES } from '../server/email/samples.ts';

/** Every wiki page: slug from the file name, title from its frontmatter. */
const PAGES = readdirSync('content/wiki')
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => {
    const source = readFileSync(join('content/wiki', name), 'utf8');
    const title =
      /^title:\s*(.+)$/m
        .exec(source)?.[1]
        ?.trim()
        .replace(/^(['"])(.*)\1$/, '$2') ?? '';
    return { slug: name.replace(/\.mdx$/, ''), title };
  });

const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const OTHER_GROUPS = ['installation', 'pages', 'components', 'design-system', 'maintenance', 'backend'];

test.describe('wiki pages', () => {
  test('every page answers 200 and shows its title as the heading, in the tab and in the sidebar', async ({
    request,
  }) => {
    // Every page of content/wiki/ is published, and the sitemap lists no other wiki page.
    expect(
      sitemapPathsFromDist()
        .filter((path) => path.startsWith('/wikiangram/'))
        .sort(),
    ).toEqual(PAGES.map(({ slug }) => `/wikiangram/${slug}`).sort());
    const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, '')).trim();
    // Every page requested at once: one after another left the worker and the server mostly waiting.
    const answers = await Promise.all(
      PAGES.map(async ({ slug, title }) => {
        const response = await request.get(`/wikiangram/${slug}`);
        return { slug, title, status: response.status(), html: await response.text() };
      }),
    );
    for (const { slug, title, status, html } of answers) {
      expect(status, slug).toBe(200);
      expect(text(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''), slug).toBe(title);
      expect(text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? ''), slug).toBe(`${title} | Wiki Angram`);
      expect(text(/<a\b[^>]*aria-current="page"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1] ?? ''), slug).toBe(title);
    }
  });

  test('a page renders its layout in the browser: header, sidebar, table of contents, pager and date', async ({
    page,
  }) => {
    await page.goto('/wikiangram/deployment');
    await expect(page.getByRole('link', { name: 'Angram, volver al sitio principal' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Despliegue');
    await expect(page.locator('#wiki-sidebar a[aria-current="page"]')).toHaveText('Despliegue');
    const toc = page.getByRole('navigation', { name: 'En esta página' });
    await expect(toc.getByRole('link', { name: 'Respaldos' })).toHaveAttribute('href', '#respaldos');
    const pager = page.getByRole('navigation', { name: 'Páginas anterior y siguiente' });
    await expect(pager.locator('a[rel="prev"]')).toHaveAttribute('href', '/wikiangram/development');
    await expect(pager.locator('a[rel="next"]')).toHaveAttribute('href', '/wikiangram/main-pages');
    // The page's lastUpdated, written out in Mexican Spanish ("23 de noviembre de 2026").
    const updated = /^lastUpdated: (\d{4}-\d{2}-\d{2})$/m.exec(
      readFileSync('content/wiki/deployment.mdx', 'utf8'),
    )?.[1];
    await expect(page.locator('time')).toHaveAttribute('datetime', updated ?? 'sin fecha');
    await expect(page.locator('time')).toHaveText(
      /^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/,
    );
    await expect(page.locator('#respaldos').getByRole('link', { name: 'Enlace a esta sección' })).toHaveAttribute(
      'href',
      '#respaldos',
    );
  });

  test('each page carries a BreadcrumbList Inicio › Wiki › page', async ({ request }) => {
    const html = await (await request.get('/wikiangram/backend-integration')).text();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
    const graph = (
      JSON.parse(json) as { '@graph': Array<{ '@type': string; itemListElement?: Array<{ name: string }> }> }
    )['@graph'];
    const crumbs = graph.find((node) => node['@type'] === 'BreadcrumbList')?.itemListElement?.map((item) => item.name);
    expect(crumbs).toEqual(['Inicio', 'Wiki', 'Integración con el backend']);
  });

  // The overview's stat cards and its sidebar's quick links, read in one visit (a step each).
  test('the overview shows stat cards computed from the project, and the sidebar its quick links', async ({ page }) => {
    await page.goto('/wikiangram/overview');

    await test.step('the overview shows stat cards computed from the project', async () => {
      const values = page.locator('[data-wiki-stats] [data-stat-value]');
      await expect(values).toHaveCount(4);
      await expect(values.first()).toHaveText(String(PAGES.length));
      // Routes as a reader counts them: every page with an address of its own, which is what the sitemap lists.
      await expect(values.nth(2)).toHaveText(String(sitemapPathsFromDist().length));
      await expect(page.locator('[data-wiki-stats]')).toContainText('Rutas públicas');
      // The card shows the lowest indexable score of the committed benchmark, or "Sin medir" without one.
      const figure = existsSync(LIGHTHOUSE_SUMMARY_PATH)
        ? lighthouseMinimum(JSON.parse(readFileSync(LIGHTHOUSE_SUMMARY_PATH, 'utf8')))
        : null;
      await expect(values.nth(3)).toHaveText(figure ? new RegExp(`^\\s*${figure.minimum}\\b`) : /^\s*Sin medir\s*$/);
    });

    await test.step('has quick links to the main site, contact and portfolio', async () => {
      const sidebar = page.locator('#wiki-sidebar');
      await expect(sidebar.getByRole('link', { name: 'Sitio principal' })).toHaveAttribute('href', '/');
      await expect(sidebar.getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/contacto');
      await expect(sidebar.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    });
  });

  test('external tool links open in a new tab without an opener', async ({ page }) => {
    await page.goto('/wikiangram/design-philosophy');
    const external = page.locator('article a[href^="http"]');
    expect(await external.count()).toBeGreaterThan(0);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

test.describe('/wikiangram', () => {
  // The page it starts from is read first: the architecture page's layers, a step of this same visit.
  test('replaces itself with the overview in the history; the architecture page names its four layers', async ({
    page,
  }) => {
    await page.goto('/wikiangram/architecture');

    await test.step('the architecture page names its four layers', async () => {
      await expect(page.locator('article h3')).toContainText([
        'Capa de presentación',
        'Capa de lógica de negocio',
        'Capa de enrutamiento',
        'Capa de optimización',
      ]);
    });

    await test.step('replaces itself with the overview in the history', async () => {
      await page.goto('/wikiangram');
      await expect(page).toHaveURL(/\/wikiangram\/overview$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visión general');
      await page.goBack();
      await expect(page).toHaveURL(/\/wikiangram\/architecture$/);
    });
  });

  test('is a static redirect: canonical, meta refresh and noindex in the HTML', async ({ request, baseURL }) => {
    const response = await request.get('/wikiangram', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<meta http-equiv="refresh" content="0; url=\/wikiangram\/overview">/);
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/wikiangram\/overview">/);
    expect(html).toMatch(/<meta name="robots" content="noindex, follow">/);
    expect(baseURL).toBeTruthy();
  });

  test('sends browsers without JavaScript on too', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/wikiangram');
    await expect(page).toHaveURL(/\/wikiangram\/overview$/);
    await context.close();
  });
});

test.describe('wiki sidebar', () => {
  test('opens and highlights the current group, keeps overview open and the others closed', async ({ page }) => {
    await page.goto('/wikiangram/email-template');
    const group = (id: string) => page.locator(`details[data-wiki-group="${id}"]`);
    await expect(group('functionality')).toHaveAttribute('open', '');
    await expect(group('functionality')).toHaveAttribute('data-current', 'true');
    await expect(group('functionality').locator('summary')).toHaveCSS('background-color', 'rgb(238, 242, 255)');
    await expect(group('overview')).toHaveAttribute('open', '');
    await expect(group('overview')).not.toHaveAttribute('data-current');
    for (const id of OTHER_GROUPS) await expect(group(id)).not.toHaveAttribute('open');
    await expect(group('functionality').getByRole('link', { name: 'Plantilla de correo' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('remembers opened and closed groups while moving between pages', async ({ page }) => {
    await page.goto('/wikiangram/overview');
    await page.locator('details[data-wiki-group="backend"] > summary').click();
    await page.locator('details[data-wiki-group="overview"] > summary').click();
    await page.locator('details[data-wiki-group="installation"] > summary').click();
    await page.getByRole('link', { name: 'Instalación paso a paso' }).click();
    await expect(page).toHaveURL(/\/wikiangram\/setup$/);
    await expect(page.locator('details[data-wiki-group="backend"]')).toHaveAttribute('open', '');
    await expect(page.locator('details[data-wiki-group="overview"]')).not.toHaveAttribute('open');
    // The current page's group stays open whatever was stored.
    await expect(page.locator('details[data-wiki-group="installation"]')).toHaveAttribute('open', '');
  });

  test('groups open and close without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await page.goto('/wikiangram/setup');
    const backend = page.locator('details[data-wiki-group="backend"]');
    await expect(page.locator('#wiki-sidebar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Índice' })).toBeHidden();
    await expect(backend).not.toHaveAttribute('open');
    await backend.locator('summary').click();
    await expect(backend).toHaveAttribute('open', '');
    await expect(backend.getByRole('link', { name: 'Integración con el backend' })).toBeVisible();
    await backend.locator('summary').click();
    await expect(backend).not.toHaveAttribute('open');
    await context.close();
  });

  test('hides behind the Índice button on phones', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/wikiangram/colors');
    const toggle = page.getByRole('button', { name: 'Índice' });
    const sidebar = page.locator('#wiki-sidebar');
    await expect(sidebar).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Colores' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

/** Text Pagefind indexes for a built wiki page (inside data-pagefind-body, minus ignored parts), roughly. */
function indexedText(html: string): string {
  const body = html.slice(html.indexOf('data-pagefind-body'));
  return body.replace(/<[^>]+>/g, ' ').replace(/&[a-z]+;/g, ' ');
}

test.describe('wiki search', () => {
  const WORD = 'Caddyfile';

  test(`finds the one page that mentions «${WORD}», loading Pagefind only when opened`, async ({ page }) => {
    // Pages are built as files (build.format 'file'): dist/wikiangram/<slug>.html.
    const builtPages = readdirSync('dist/wikiangram')
      .filter((name) => name.endsWith('.html'))
      .map((name) => name.slice(0, -'.html'.length));
    const mentioning = builtPages.filter((slug) =>
      indexedText(readFileSync(join('dist/wikiangram', `${slug}.html`), 'utf8')).includes(WORD),
    );
    expect(mentioning).toEqual(['deployment']);

    const pagefindRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/pagefind/')) pagefindRequests.push(request.url());
    });
    await page.goto('/wikiangram/overview');
    await page.waitForLoadState('networkidle');
    expect(pagefindRequests).toEqual([]);

    const opener = page.getByRole('button', { name: 'Buscar en la wiki' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Buscar en la wiki' });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('searchbox', { name: 'Buscar en la wiki' });
    await expect(input).toBeFocused();
    await input.fill(WORD);
    const results = dialog.getByRole('list', { name: 'Resultados de la búsqueda' }).getByRole('link');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toHaveAttribute('href', /^\/wikiangram\/deployment(#.*)?$/);
    await expect(results.first()).toContainText('Despliegue');
    await expect(dialog.getByRole('status')).toHaveText(`1 página con «${WORD}».`);
    expect(pagefindRequests.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('opens with Ctrl+K and says when nothing matches', async ({ page }) => {
    await page.goto('/wikiangram/setup');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Buscar en la wiki' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('searchbox').fill('wxyzqq');
    await expect(dialog.getByRole('status')).toHaveText('Sin resultados para «wxyzqq».');
    await dialog.getByRole('button', { name: 'Cerrar la búsqueda' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('e-mail previews', () => {
  // The e-mail frame is sandboxed without scripts on purpose. The e-mail has none; what Chromium reports
  // blocking there is the test harness's own per-document script. Nothing else is tolerated.
  test.use({
    allowedConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/],
  });

  test('the template page links every preview rendered by the real templates, each opening in a new tab', async ({
    page,
  }) => {
    await page.goto('/wikiangram/email-template');
    // A table of client variables per form type.
    await expect(page.locator('[data-email-variables="client"]')).toHaveCount(LEAD_KIND_IDS.length);
    const links = page.locator('[data-email-previews] a');
    await expect(links).toHaveCount(EMAIL_PREVIEW_SAMPLES.length);
    const hrefs: string[] = [];
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      hrefs.push((await link.getAttribute('href')) ?? '');
    }
    for (const href of hrefs) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), href).toBeVisible();
      await expect(page.locator('dd').nth(3), href).toHaveText(/ - Angram$/);
      // The untouched e-mail is the frame's document; its inline styles apply under this page's CSP (a
      // blocked style would show up as a console error, which the fixture turns into a failure). The frame
      // is sandboxed without scripts, so the test reads its source rather than reaching inside it.
      const frame = page.locator('iframe[title^="Correo"]');
      await expect(frame, href).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
      const source = (await frame.getAttribute('srcdoc')) ?? '';
      expect(source, href).toMatch(/^<!DOCTYPE html>\s*<html lang="es-MX">\s*<head><base target="_blank">/i);
      expect(source, href).toContain('style="');
      await page.waitForLoadState('load');
    }
  });
});

/** Files under a folder, recursively. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return path.endsWith('.html') ? [path] : [];
  });
}

/** The built file a site path resolves to, like the production server does. */
function builtFile(path: string): string | undefined {
  const base = join('dist', path);
  return [base, `${base}.html`, join(base, 'index.html')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

interface Link {
  from: string;
  href: string;
  path: string;
  hash: string;
}

function wikiLinks(): Link[] {
  return htmlFiles('dist/wikiangram').flatMap((file) => {
    const html = readFileSync(file, 'utf8');
    const from = `/${file.slice('dist/'.length).replace(/(\/)?index\.html$/, '')}`;
    return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)]
      .map((match) => decodeEntities(match[1] ?? ''))
      .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href))
      .map((href) => {
        const [rawPath = '', rawHash = ''] = href.split('#', 2);
        return { from, href, path: decodeURIComponent(rawPath) || from, hash: decodeURIComponent(rawHash) };
      });
  });
}

function brokenLinks(links: readonly Link[]): string[] {
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let set = ids.get(file);
    if (!set) {
      set = new Set(
        [...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((match) => decodeEntities(match[1] ?? '')),
      );
      ids.set(file, set);
    }
    return set;
  };
  const broken: string[] = [];
  for (const link of links) {
    const file = builtFile(link.path);
    if (!file) broken.push(`${link.from}: ${link.href} (no existe ${link.path})`);
    else if (link.hash && !idsOf(file).has(link.hash))
      broken.push(`${link.from}: ${link.href} (no hay id="${link.hash}")`);
  }
  return [...new Set(broken)];
}

test.describe('links in the built wiki', () => {
  const links = wikiLinks();
  const isWiki = (link: Link) => link.path === '/wikiangram' || link.path.startsWith('/wikiangram/');

  test('every link into the wiki and every #anchor resolves', () => {
    const internal = links.filter(isWiki);
    expect(internal.length).toBeGreaterThan(500);
    expect(internal.filter((link) => link.hash).length).toBeGreaterThan(100);
    expect(brokenLinks(internal)).toEqual([]);
  });

  test('no id repeats on a wiki page (a heading called «Contenido» would steal the skip link’s target)', () => {
    const repeated = htmlFiles('dist/wikiangram').flatMap((file) => {
      const ids = [...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
      return ids.filter((id, index) => ids.indexOf(id) !== index).map((id) => `${file}: id="${id}"`);
    });
    expect(repeated).toEqual([]);
  });

  test('every link from the wiki to the rest of the site resolves', () => {
    expect(brokenLinks(links.filter((link) => !isWiki(link)))).toEqual([]);
  });
});

test.describe('the wiki tells the truth', () => {
  test('no page speaks of a specification its readers never saw, diagrams included', () => {
    const wikiPages = builtPages().filter((built) => built.path.startsWith('/wikiangram/'));
    expect(wikiPages.length).toBeGreaterThanOrEqual(PAGES.length);
    const citing = wikiPages.filter((built) =>
      /especificaci[oó]n/i.test(parsePage(built.file).querySelector('main')?.textContent ?? ''),
    );
    expect(citing.map((built) => built.path)).toEqual([]);
  });

  test('the navigation page states the navbar directive the layout really uses', async ({ page }) => {
    const layout = readFileSync('src/layouts/BaseLayout.astro', 'utf8');
    const directive = /<Navbar\s+(client:\w+)/.exec(layout)?.[1];
    expect(directive).toBe('client:interact');
    await page.goto('/wikiangram/navigation');
    await expect(page.locator('article')).toContainText(`hidrata con ${directive}`);
  });
});

test.describe('wiki search without its index', () => {
  // The missing index is the point of the test: the browser logs the failed request and import.
  test.use({ allowedConsoleErrors: [/status of 404|pagefind|dynamically imported module/i] });

  test('says why it is unavailable, without sending the reader to a build that would not help', async ({ page }) => {
    // The production server serves the index; a missing one stands in for `npm run dev`.
    await page.route('**/pagefind/pagefind.js', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/wikiangram/overview');
    await page.keyboard.press('Control+K');
    await expect(page.getByRole('dialog')).toContainText(
      'su índice lo sirve el sitio compilado (npm run build y después npm run serve)',
    );
  });
});
