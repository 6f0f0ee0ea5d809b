import { test, expect } from './support/fixtures.ts';
import { contactDetails } from '../core/contact.ts';
import { builtPages, parsePage } from './support/built-site.ts';
import { loadContentFacts } from '../core/content/load.ts';
import { ROUTES } from '../core/routes.ts';
import { SITE } from '../core/site.ts';
import { languageOfPath, say, TRANSLATIONS } from './support/languages.ts';

test('footer has the four columns, the sales e-mail, WhatsApp chat and phone hours with their time zone', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const title of ['Servicios', 'Tecnologías', 'Recursos', 'Contacto']) {
    await expect(footer.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  // The address answers new projects and sales, not a support desk.
  const mail = footer.getByRole('link', { name: /^Proyectos y ventas:/ });
  await expect(mail).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);

  const chat = footer.getByRole('link', { name: /WhatsApp/ });
  const href = (await chat.getAttribute('href')) ?? '';
  const url = new URL(href);
  expect(url.origin + url.pathname).toMatch(/^https:\/\/wa\.me\/\d{10,15}$/);
  expect(url.searchParams.get('text')).toMatch(/^Hola Angram/);
  await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');

  await expect(footer).toContainText(
    `${contactDetails(loadContentFacts().contact).supportHours}, ${SITE.timeZoneName}`,
  );
  // The bar and the footer send "Portfolio" to the same page.
  const navPortfolio = page.getByRole('banner').getByRole('link', { name: 'Portfolio', exact: true });
  await expect(navPortfolio).toHaveAttribute('href', ROUTES.portfolio);
  await expect(footer.getByRole('link', { name: 'Portfolio', exact: true })).toHaveAttribute('href', ROUTES.portfolio);
  await expect(footer.getByRole('link', { name: 'Aplicaciones Web' })).toHaveAttribute(
    'href',
    '/servicios/aplicaciones-web',
  );
  await expect(footer.getByRole('link', { name: 'Preguntas frecuentes' })).toHaveAttribute('href', '/faq');
});

test('every page with the site footer links the full privacy notice from it: site pages, wiki pages and the 404', () => {
  const pages = builtPages().filter(({ path }) => path !== ROUTES.wiki && !path.includes('/preview/'));
  // The wiki's pages and the error pages are among them.
  expect(pages.some(({ path }) => path.startsWith(`${ROUTES.wiki}/`))).toBe(true);
  expect(pages.some(({ path }) => path.endsWith('/404'))).toBe(true);
  for (const { path, file } of pages) {
    const footer = parsePage(file).querySelector('footer');
    expect(footer, `${path} no tiene pie de página`).not.toBeNull();
    // In the page's language; to the notice in that language once it is built, the Spanish one until then.
    const locale = languageOfPath(path);
    const twin = TRANSLATIONS.routes.get(locale)?.privacy ?? ROUTES.privacy;
    const link = footer?.querySelector(`a[href="${ROUTES.privacy}"], a[href="${twin}"]`);
    expect(link?.text.trim(), `el pie de ${path}`).toBe(say(locale, 'footer', 'privacy'));
  }
});

test.describe('from the error page', () => {
  // The page answers 404 on purpose; Chromium logs that status as a console error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('the footer link leads to the notice', async ({ page }) => {
    await page.goto('/pagina-que-no-existe');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Aviso de privacidad' }).click();
    await expect(page).toHaveURL(/\/aviso-de-privacidad$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
  });
});
