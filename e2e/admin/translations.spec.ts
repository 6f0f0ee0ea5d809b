/**
 * Editors change an interface string in the inbox and the public page shows it, without a build: an admin
 * edits an English text of a built page, the page serves the new text (and the Spanish twin keeps its own),
 * a text that would break the page is refused with the reason, the history names who changed what, and a
 * revert brings the build's text back. Sales cannot open the page. Its own server over a copy of the built
 * site, since the edit rewrites the pages it serves.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { load } from 'js-yaml';
import { catalogueFile, type Catalogue } from '../../core/i18n/catalogue.ts';
import { findLiveStrings, liveStringsOf } from '../../core/i18n/live-text.ts';
import { readTranslations } from '../../core/i18n/load.ts';
import { startProductionServer, type ProductionServer } from '../../server/testing/production-server.ts';
import { test, expect } from '../support/fixtures.ts';
import { PASSWORD } from './support.ts';

const translations = readTranslations(process.cwd());
const english = translations.active.find((language) => language.code !== translations.defaultCode);
const englishPage = '/en/faq';
const spanishPage = '/faq';

let server: ProductionServer;
let dist = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'angram-dist-'));
  cpSync('dist', dist, { recursive: true });
  server = await startProductionServer({ DIST_DIR: dist, TRANSLATIONS_POLL_S: '1', ADMIN_PASSWORD_SCRYPT_LOG_N: '12' });
});

test.afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

function account(role: 'admin' | 'sales', name: string): { email: string; name: string } {
  const email = `${role}-traducciones@angram.mx`;
  execFileSync(process.execPath, ['scripts/admin-user.ts', '--email', email, '--role', role, '--name', name], {
    env: {
      PATH: process.env.PATH,
      DATABASE_PATH: server.databasePath,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD_SCRYPT_LOG_N: '12',
      ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { email, name };
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts/);
}

const htmlOf = async (page: Page, path: string) => (await page.request.get(`${server.url}${path}`)).text();

test.describe('sales', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });
  test('cannot open the translations', async ({ page }) => {
    await signIn(page, account('sales', 'Iván Robles').email);
    const answer = await page.goto(`${server.url}/admin/translations`);
    expect(answer?.status()).toBe(403);
  });
});

test.use({ allowedConsoleErrors: [/status of 422/] });

test('an admin’s edit reaches the built page, a breaking one is refused, and a revert undoes it', async ({ page }) => {
  test.setTimeout(90_000);
  if (!english) throw new Error('content/languages.yaml no tiene un segundo idioma activo');
  // A key the English page shows as a whole text, without placeholders: the one an editor would change.
  const before = await htmlOf(page, englishPage);
  const catalogue = translations.catalogues.get(english.code) ?? {};
  const strings = liveStringsOf(catalogue).filter((entry) => !entry.text.includes('{'));
  const key = findLiveStrings(before, strings)[0]?.key ?? '';
  const original = strings.find((entry) => entry.key === key)?.text ?? '';
  expect(key, 'la página inglesa muestra algún texto del catálogo').not.toBe('');
  const spanishBefore = await htmlOf(page, spanishPage);
  const edited = 'Plan your custom software with us';

  const admin = account('admin', 'Regina Fuentes');
  await signIn(page, admin.email);
  await page.goto(`${server.url}/admin/translations?q=${encodeURIComponent(key)}`);
  await page.getByRole('link', { name: key }).click();
  const field = page.getByLabel(`Texto en ${english.name}`, { exact: true });
  await expect(field).toHaveValue(original);

  // Braces the original lacks would show on the page: refused, with the reason, the page untouched.
  await field.fill(`${edited} {precio}`);
  await page.getByRole('button', { name: `Guardar ${english.name}` }).click();
  await expect(page.getByText(/mismos datos entre llaves|quítalos de la traducción/).first()).toBeVisible();
  expect(await htmlOf(page, englishPage)).toBe(before);

  await page.getByLabel(`Texto en ${english.name}`, { exact: true }).fill(edited);
  await page.getByRole('button', { name: `Guardar ${english.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Texto guardado' })).toBeVisible();
  await expect.poll(() => htmlOf(page, englishPage), { timeout: 10_000 }).toContain(edited);
  expect(await htmlOf(page, spanishPage)).toBe(spanishBefore);

  // `npm run translations -- export` writes the edit into the catalogue file (here, a copy of content/).
  const copy = mkdtempSync(join(tmpdir(), 'angram-content-'));
  try {
    cpSync('content', join(copy, 'content'), { recursive: true });
    const printed = execFileSync(process.execPath, [join(process.cwd(), 'scripts/translations.ts'), 'export'], {
      cwd: copy,
      env: { PATH: process.env.PATH, DATABASE_PATH: server.databasePath, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(printed).toContain(key);
    const exported = load(readFileSync(join(copy, catalogueFile(english.code)), 'utf8')) as Catalogue;
    const [group = '', name = ''] = key.split('.');
    expect(exported[group]?.[name]).toBe(edited);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }

  const history = page.getByRole('table', { name: 'Cambios de este texto' });
  await expect(history.getByRole('row').nth(1)).toContainText(admin.name);
  await expect(history.getByRole('row').nth(1)).toContainText(edited);
  await history
    .getByRole('button', { name: /^Volver a/ })
    .first()
    .click();
  await expect.poll(() => htmlOf(page, englishPage), { timeout: 10_000 }).toBe(before);

  // The list marks what the inbox changed.
  await page.goto(`${server.url}/admin/translations?filtro=editadas`);
  await expect(page.getByRole('link', { name: key })).toBeVisible();
});
