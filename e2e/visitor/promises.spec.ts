/**
 * Each promise the site repeats (when the proposal arrives, how long a project takes, what meeting is
 * booked, in what currency) is written once in content/promises.yaml and reads the same on every page
 * that makes it, with no placeholder left in braces.
 */
import { fileURLToPath } from 'node:url';
import { isPromisePlaceholder } from '../../core/content/promise-names.ts';
import { readPromisePlaceholders } from '../../core/content/promises.ts';
import { expect, test } from '../support/fixtures.ts';

const PROMISES = readPromisePlaceholders(fileURLToPath(new URL('../../', import.meta.url)));
/** Promise placeholders a page left in braces (an island's own `{dias}`, filled in the browser, is not one). */
const leftInBraces = (html: string) =>
  [...html.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').filter(isPromisePlaceholder);

const PROPOSAL_PAGES = ['/contacto', '/faq', '/portfolio', '/proceso-desarrollo', '/consultoria-tecnologica'];

for (const path of PROPOSAL_PAGES) {
  test(`${path} says when the proposal arrives as content/promises.yaml does`, async ({ page }) => {
    await page.goto(path);
    // textContent: the FAQ's answers are folded until opened.
    const text = (await page.locator('main').textContent())?.replace(/\s+/g, ' ');
    expect(text).toContain(PROMISES.plazoPropuesta);
    expect(leftInBraces(await page.content())).toEqual([]);
  });
}

test('/faq and the process state the durations, the meeting and the currency from their one home', async ({ page }) => {
  await page.goto('/faq');
  const faq = (await page.locator('main').textContent())?.replace(/\s+/g, ' ');
  for (const name of ['semanasAplicacionesWeb', 'semanasEcommerce', 'semanasSistemasEmpresariales', 'formatoReunion'])
    expect(faq, name).toContain(PROMISES[name]);
  expect(faq).toContain(`sitio están en ${PROMISES.monedaPrecios}`);
  await page.goto('/proceso-desarrollo');
  await expect(page.locator('main')).toContainText(`Duración: ${PROMISES.semanasDesarrollo}`);
});

test('each budget field names the currency its options are in', async ({ page }) => {
  for (const [path, currency] of [
    ['/contacto', 'MXN'],
    ['/migracion-cloud', 'USD'],
    ['/consultoria-integraciones', 'USD'],
  ] as const) {
    await page.goto(path);
    const budget = page.getByLabel(new RegExp(`^Presupuesto.*\\(${currency}\\)`));
    await expect(budget).toBeVisible();
    const options = await budget.locator('option:not([value=""])').allTextContents();
    for (const option of options.filter((text) => text.includes('$'))) expect(option, path).toContain(currency);
  }
});
