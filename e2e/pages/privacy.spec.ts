/**
 * /aviso-de-privacidad: every section of content/privacy.yaml in order with its index, the controller's facts
 * from content/contact.yaml, each form with the fields its own definition asks for, the purposes, the
 * retention limits of content/privacy.yaml and the deadlines of core/privacy.ts, its place in the sitemap with its SEO and JSON-LD;
 * and what the site really keeps in the browser, which the notice must list exactly.
 */
import type { Page } from '@playwright/test';
import { contactDetails } from '../../core/contact.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { formatDayMonthYear } from '../../core/dates.ts';
import { LEAD_FORM_IDS } from '../../core/forms/kinds.ts';
import { ARCO_DEADLINE_DAYS } from '../../core/privacy.ts';
import { ROUTES } from '../../core/routes.ts';
import { SITE } from '../../core/site.ts';
import { SIDEBAR_STATE_KEY } from '../../src/components/wiki/sidebar-state.ts';
import { collectedFields } from '../../src/lib/privacy/form-fields.ts';
import { expect, sitemapPaths, test, waitForIsland } from '../support/fixtures.ts';
import { jsonLdNodes } from '../support/json-ld.ts';

const facts = loadContentFacts();
const notice = facts.privacy;
const contact = contactDetails(facts.contact);
// The same limits the server enforces: both read them from the notice's content.
const retention = notice.retention;
const STATUS_WORDS = { required: 'obligatorio', optional: 'opcional', depends: 'según el servicio que elijas' };

// The visit to a page that does not exist logs its 404 on purpose.
test.use({ allowedConsoleErrors: [/status of 404/] });

test('every section of the notice, in order, with an index that leads to each', async ({ page }) => {
  await page.goto(ROUTES.privacy);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(notice.sections.map((section) => section.title));
  const index = main.getByRole('navigation', { name: 'En este aviso' });
  await expect(index.getByRole('link')).toHaveText(notice.sections.map((section) => section.title));
  const last = notice.sections.at(-1);
  if (!last) throw new Error('el aviso no tiene secciones');
  await index.getByRole('link', { name: last.title }).click();
  await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
  await expect(main.getByRole('heading', { name: last.title })).toBeInViewport();
  await expect(page.locator('[data-last-updated] time')).toHaveText(formatDayMonthYear(notice.lastUpdated));
  await expect(page.locator('[data-last-updated] time')).toHaveAttribute('datetime', notice.lastUpdated);
});

// What the notice states, read in one visit, a step each (a failure names its step).
test('the notice states its controller, the forms and their fields, purposes, retention and deadlines, and its SEO', async ({
  page,
}) => {
  await page.goto(ROUTES.privacy);

  await test.step('the controller, its domicilio and the e-mail for data requests, from the contact content', async () => {
    const controller = page.locator('[data-notice-controller]');
    await expect(controller).toContainText(SITE.legalName);
    await expect(controller.locator('[data-notice-address]')).toHaveText(contact.address);
    for (const part of Object.values(facts.contact.address)) await expect(controller).toContainText(part);
    const mail = controller.getByRole('link', { name: contact.dataProtectionEmail });
    await expect(mail).toHaveAttribute('href', `mailto:${facts.contact.dataProtectionEmail}`);
    // The ARCO section says where to write, and the text around the address is linked the same way.
    await expect(
      page.locator('#derechos').getByRole('link', { name: contact.dataProtectionEmail }).first(),
    ).toHaveAttribute('href', contact.dataProtectionMailto);
  });

  await test.step("each form with every field its definition asks for, required or optional as the form's schema says", async () => {
    for (const form of LEAD_FORM_IDS) {
      const card = page.locator(`[data-notice-form="${form}"]`);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(notice.forms[form]);
      const expected = collectedFields(form, facts.lists).map(
        (field) => `${field.label} (${STATUS_WORDS[field.status]})`,
      );
      expect(expected.length).toBeGreaterThan(0);
      await expect(card.getByRole('listitem')).toHaveText(expected);
    }
    await expect(page.locator('#datos')).toContainText('No te pedimos datos personales sensibles');
  });

  await test.step('necessary purposes listed, voluntary ones said to be none, processors and no transfer needing consent', async () => {
    const necessary = page.locator('[data-notice-purposes="necessary"]');
    await expect(necessary.getByRole('listitem')).toHaveText(notice.purposes.necessary.map((p) => p.description));
    const voluntary = page.locator('[data-notice-purposes="voluntary"]');
    if (notice.purposes.voluntary.length === 0) await expect(voluntary).toContainText(notice.purposes.noVoluntary);
    else await expect(voluntary.getByRole('listitem')).toHaveText(notice.purposes.voluntary.map((p) => p.description));
    await expect(page.locator('#encargados')).toContainText('hospedaje');
    await expect(page.locator('#encargados')).toContainText('ninguna transferencia requiere tu consentimiento');
  });

  await test.step('the retention limits and the deadlines to answer are the ones the code enforces', async () => {
    const retentionSection = page.locator('#conservacion');
    await expect(retentionSection).toContainText(`${retention.leadMonths} meses`);
    await expect(retentionSection).toContainText(`${retention.mailBodyDays} días`);
    const rights = page.locator('#derechos');
    await expect(rights).toContainText(`${ARCO_DEADLINE_DAYS.answer} días hábiles`);
    await expect(rights).toContainText(`${ARCO_DEADLINE_DAYS.effect} días hábiles`);
    await expect(rights).toContainText('Secretaría Anticorrupción y Buen Gobierno');
    await expect(rights).toContainText('revocar');
  });

  await test.step('in the sitemap, with its own title, description, breadcrumb and structured data', async () => {
    expect(await sitemapPaths(page)).toContain(ROUTES.privacy);
    await expect(page).toHaveTitle(`Aviso de privacidad | ${SITE.name}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /derechos ARCO/);
    await expect(
      page.getByRole('navigation', { name: 'Ruta de navegación' }).locator('[aria-current="page"]'),
    ).toHaveText('Aviso de privacidad');
    const nodes = await jsonLdNodes(page);
    const webPage = nodes.find((node) => node['@type'] === 'WebPage');
    expect(webPage).toMatchObject({ dateModified: notice.lastUpdated, inLanguage: SITE.locale });
    expect(String(webPage?.url)).toMatch(/\/aviso-de-privacidad$/);
    const crumbs = nodes.find((node) => node['@type'] === 'BreadcrumbList') as
      { itemListElement: Array<{ name: string }> } | undefined;
    expect(crumbs?.itemListElement.map((item) => item.name)).toEqual(['Inicio', 'Aviso de privacidad']);
  });
});

test('the FAQ, which promises the treatment the law asks for, links the notice', async ({ page }) => {
  await page.goto('/faq');
  const question = page.locator('details').filter({ hasText: 'Ley Federal de Protección de Datos Personales' });
  await question.locator('summary').click();
  const link = question.getByRole('link', { name: 'Lee el aviso de privacidad' });
  await expect(link).toHaveAttribute('href', ROUTES.privacy);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
});

/** Everything the browser holds for the site: storage keys by kind, and every cookie it was given. */
async function browserStorage(page: Page): Promise<string[]> {
  const stored = await page.evaluate(() => [
    ...Object.keys(sessionStorage).map((key) => `sessionStorage:${key}`),
    ...Object.keys(localStorage).map((key) => `localStorage:${key}`),
  ]);
  const cookies = (await page.context().cookies()).map((cookie) => `cookie:${cookie.name}`);
  return [...stored, ...cookies];
}

test.describe('what the site keeps in the browser', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('the notice lists exactly what the site keeps in the browser, nothing more and nothing less', async ({
    page,
  }) => {
    const seen = new Set<string>();
    const visit = async (path: string, act?: () => Promise<void>) => {
      await page.goto(path);
      await page.waitForLoadState('load');
      await act?.();
      for (const entry of await browserStorage(page)) seen.add(entry);
    };
    // A page of each layout, the forms typed into, the wiki's sidebar used, the error page.
    await visit('/');
    await visit('/contacto', async () => {
      await page.locator('[data-form="big"]').getByLabel('Nombre completo').fill('Prueba de almacenamiento');
      await page.locator('[data-form="big"]').getByLabel('Correo electrónico').fill('almacenamiento@ejemplo.mx');
      // Typing wakes the form's island; what React keeps is counted once it runs.
      await waitForIsland(page, page.locator('[data-form="big"] astro-island'));
    });
    await visit('/iniciar-proyecto');
    await visit('/wikiangram/overview', async () => {
      await page.locator('details[data-wiki-group]:not([data-current]) > summary').first().click();
      // A details element reports its toggle in a later task: the group's state is saved then, not at the click.
      await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), SIDEBAR_STATE_KEY)).not.toBeNull();
    });
    await visit(ROUTES.privacy);
    await visit('/pagina-que-no-existe');
    // A manage link (one that opens no meeting: the API answers 404, which the page shows).
    await visit(`/reunion?t=${'x'.repeat(43)}`);
    const listed = notice.browserStorage.map((item) => `${item.kind}:${item.key}`);
    expect([...seen].sort()).toEqual([...listed].sort());

    // And the page says it: each listed key with where it lives.
    await page.goto(ROUTES.privacy);
    for (const item of notice.browserStorage) {
      await expect(page.locator(`[data-storage-key="${item.key}"]`)).toHaveAttribute('data-storage-kind', item.kind);
    }
  });
});
