/**
 * The sales inbox worked as the team works it, in real Chromium against the production server: sign in,
 * filter, open a lead, move it to ganado, add a note, assign it, export the filter; on a desktop and on
 * a phone. A lead whose name is HTML shows as text.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { defaultRoot } from '../../core/content/load.ts';
import { readLostReasons } from '../../core/content/lost-reasons.ts';
import { test, expect } from '../support/fixtures.ts';
import { DAY, nthOpenDay } from '../forms/support.ts';
import { createAccount, sendLead, signIn, type Account, type SentLead } from './support.ts';

// One story in order: the leads of beforeAll are worked by the tests below, once.
test.describe.configure({ mode: 'serial' });
// A refused form answers 422 with the page and its errors; the browser logs the status.
test.use({ allowedConsoleErrors: [/status of 422/] });

const HTML_NAME = '<img src=x onerror="document.title=1">Lucía <b>Hernández</b>';

let sales: Account;
let tag: string;
let small: SentLead;
let project: SentLead;
let phoneLead: SentLead;

test.beforeAll(async ({ request }) => {
  sales = createAccount('sales', 'Ana López');
  // A word only this file's leads carry, so filters find them among every other spec's leads.
  tag = `Zafiro${randomBytes(3).toString('hex')}`;
  const { date, slots } = await nthOpenDay(request, DAY.inbox);
  small = await sendLead(
    request,
    'contactSmall',
    {
      name: HTML_NAME,
      email: 'lucia@ferremax.mx',
      company: `Ferremax ${tag}`,
      message: 'Queremos controlar el inventario de 12 sucursales.',
      appointmentDate: `${date}T${slots.at(-1)}`,
    },
    '/',
  );
  project = await sendLead(request, 'contactProyect', {
    name: 'Ana Sofía Gutiérrez',
    email: 'ana@cafeorigen.mx',
    company: `Café Origen ${tag}`,
    phone: '+52 33 1234 5678',
    projectType: 'ecommerce',
    budget: '100k-300k',
    timeline: '1-3-months',
    description: 'Tienda en línea con suscripciones y facturación CFDI.',
    urgency: 'high',
    currentSituation: 'Vendemos por Instagram.',
  });
  phoneLead = await sendLead(request, 'contactSmall', {
    name: 'Rodrigo Paz',
    email: 'rodrigo@pazlogistica.mx',
    company: `Paz Logística ${tag}`,
    message: 'Necesitamos rastrear 40 camiones.',
  });
});

test('a sales person signs in, filters, works a lead to ganado, notes it, assigns it and exports the filter', async ({
  page,
}) => {
  await signIn(page, sales);
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bandeja de leads' })).toBeVisible();

  // Text filter, then the form type on top of it.
  await page.getByLabel('Buscar', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  // Newest first.
  await expect(rows.first().getByRole('rowheader')).toHaveText(phoneLead.reference);
  await page.getByText('Más filtros').click();
  await page.getByLabel('Formulario', { exact: true }).selectOption({ label: 'Contacto rápido' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: small.reference });
  await expect(row.getByRole('cell').nth(2)).toHaveText(HTML_NAME);
  await expect(row).toContainText('Contacto rápido');
  await expect(row).toContainText('Nuevo');
  await expect(row).toContainText('Sin asignar');

  // The lead's page: the name is text, not markup.
  await row.getByRole('link', { name: small.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${small.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${small.reference} · ${HTML_NAME}`);
  await expect(page.locator('main img, main b')).toHaveCount(0);
  expect(await page.title()).not.toBe('1');
  await expect(page.getByRole('link', { name: /Agregar a Google Calendar/ })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\//,
  );
  await expect(page.getByRole('region', { name: 'Análisis preliminar' })).toContainText('Puntuación');
  await expect(page.getByRole('region', { name: 'Correos' })).toContainText('Confirmación al cliente');
  await expect(page.getByRole('region', { name: 'Lo que envió' })).toContainText('Página de origen');

  for (const [label, badge] of [
    ['Contactado', 'Contactado'],
    ['Propuesta', 'Propuesta'],
    ['Ganado', 'Ganado'],
  ] as const) {
    await page.getByLabel('Cambiar a', { exact: true }).selectOption({ label });
    // A won deal says what it is worth.
    if (label === 'Ganado') await page.getByLabel('Valor con el que se ganó (MXN)').fill('$120,000');
    await page.getByRole('button', { name: 'Cambiar estado' }).click();
    await expect(page.getByRole('status')).toHaveText('Estado actualizado.');
    await expect(page.getByRole('region', { name: 'Seguimiento' }).locator('.badge')).toHaveText(badge);
  }

  await page
    .getByLabel('Nota', { exact: true })
    .fill('Firmó la propuesta por WhatsApp; arranque el lunes 7.\n<script>alert(1)</script>');
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByRole('status')).toHaveText('Nota agregada.');
  const history = page.getByRole('region', { name: 'Historial' });
  await expect(history).toContainText('Ana López agregó una nota:');
  await expect(history).toContainText('<script>alert(1)</script>');
  await expect(history).toContainText('Ana López cambió el estado de «Propuesta» a «Ganado».');

  await page.getByLabel('Responsable', { exact: true }).selectOption({ label: 'Ana López' });
  await page.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByRole('status')).toHaveText('Responsable actualizado.');
  await expect(history).toContainText('Ana López asignó el lead a Ana López.');

  // Back in the inbox the row says so, and the export has exactly the filter's leads.
  await page.goto(`/admin/contacts?q=${small.reference}&status=ganado`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ganado');
  await expect(rows.first()).toContainText('Ana López');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.startsWith('\uFEFFReferencia,Recibido (hora de la Ciudad de México),Formulario,')).toBe(true);
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${small.reference},`));
});

test('losing a lead needs a reason', async ({ page }) => {
  await signIn(page, sales, `/admin/contacts/${project.id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${project.id}$`));
  await page.getByLabel('Cambiar a', { exact: true }).selectOption({ label: 'Perdido' });
  await page.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(page.getByRole('alert')).toContainText('Para marcarlo como perdido, elige el motivo.');
  await expect(page.getByLabel('Motivo', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Cambiar a', { exact: true }).selectOption({ label: 'Perdido' });
  const reason = readLostReasons(defaultRoot()).find((entry) => !entry.needsDetail)?.label ?? '';
  await page.getByLabel('Motivo', { exact: true }).selectOption({ label: reason });
  await page.getByLabel('Detalle', { exact: true }).fill('Se quedó con su agencia de siempre');
  await page.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(page.getByRole('status')).toHaveText('Estado actualizado.');
  await expect(page.getByRole('region', { name: 'Seguimiento' })).toContainText(
    `Motivo: ${reason}: Se quedó con su agencia de siempre`,
  );
  // Reopening is allowed; a stale form (an old version) is refused instead of undoing it.
  const version = await page.locator('form[action$="/status"] input[name="version"]').inputValue();
  await page.getByLabel('Cambiar a', { exact: true }).selectOption({ label: 'Contactado' });
  await page.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(page.getByRole('status')).toHaveText('Estado actualizado.');
  const csrf = await page.locator('form[action$="/status"] input[name="csrf"]').inputValue();
  const stale = await page.request.post(`/admin/contacts/${project.id}/status`, {
    form: { csrf, version, status: 'propuesta' },
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toContain('Otra persona cambió este lead');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a new team member works a lead to ganado on a phone', async ({ page }) => {
    await signIn(page, sales, `/admin/contacts?q=${tag}`);
    await expect(page).toHaveURL(new RegExp(`/admin/contacts\\?q=${tag}`));
    // Measured once the stylesheet has applied: before it, the bare table is wider than any phone.
    await page.waitForLoadState('load');
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Rows are compact cards, each value with its label; the first one is in the first screen.
    const card = page.locator('tbody tr').filter({ hasText: phoneLead.reference });
    await expect(card.locator('td[data-label="Estado"]')).toBeVisible();
    const first = await page.locator('tbody tr').first().boundingBox();
    expect(first?.y ?? Infinity).toBeLessThan(740);
    await card.getByRole('link', { name: phoneLead.reference }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(phoneLead.reference);
    await page.waitForLoadState('load');
    expect(await overflow()).toBeLessThanOrEqual(0);
    for (const label of ['Contactado', 'Ganado']) {
      await page.getByLabel('Cambiar a', { exact: true }).selectOption({ label });
      if (label === 'Ganado') await page.getByLabel('Valor con el que se ganó (MXN)').fill('95000');
      await page.getByRole('button', { name: 'Cambiar estado' }).tap();
      await expect(page.getByRole('status')).toHaveText('Estado actualizado.');
    }
    await expect(page.getByRole('region', { name: 'Seguimiento' }).locator('.badge')).toHaveText('Ganado');
    await expect(page.getByRole('link', { name: 'rodrigo@pazlogistica.mx' })).toHaveAttribute(
      'href',
      'mailto:rodrigo@pazlogistica.mx',
    );
  });
});

test('a day of work: a next step due today shows under «Hoy», the search folds accents, the board moves a card to ganado', async ({
  page,
}) => {
  await signIn(page, sales, `/admin/contacts/${project.id}`);
  await page.getByLabel('Responsable', { exact: true }).selectOption({ label: 'Ana López' });
  await page.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByRole('status')).toHaveText('Responsable actualizado.');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  await page.getByLabel('Valor del trato (MXN)').fill('$180,000');
  await page.getByLabel('Fecha del siguiente paso').fill(today);
  await page.getByLabel('Siguiente paso', { exact: true }).fill('Llamar para revisar la propuesta');
  await page.getByRole('button', { name: 'Guardar trato' }).click();
  const deal = page.getByRole('region', { name: 'Trato y siguiente paso' });
  await expect(deal.getByRole('status')).toHaveText(/Trato guardado/);
  await expect(deal).toContainText('$180,000 MXN');
  await expect(deal).toContainText('Vence hoy');

  await page.getByRole('link', { name: 'Bandeja', exact: true }).click();
  await page.getByRole('link', { name: /^Hoy \d+$/ }).click();
  await expect(page.locator('tbody tr').filter({ hasText: project.reference })).toContainText('$180,000');

  // Typed as a person types it: no accents, no capitals.
  await page.goto(`/admin/contacts?q=${encodeURIComponent(`ana sofia gutierrez cafe origen ${tag.toLowerCase()}`)}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first().getByRole('rowheader')).toHaveText(project.reference);

  await page.goto(`/admin/board?q=${tag}`);
  const card = page.locator(`#lead-${project.id}`);
  await card.getByLabel(/^Mover a/).selectOption({ label: 'Ganado' });
  await card.getByRole('button', { name: /^Mover/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/board\\?q=${tag}&aviso=estado&lead=${project.id}#lead-${project.id}$`),
  );
  const moved = page.locator(`#lead-${project.id}`);
  await expect(moved.getByRole('status')).toHaveText('Estado actualizado.');
  await expect(page.getByRole('region', { name: /^Ganado/ })).toContainText(project.reference);
});

test('meetings by day and the dashboard show the inbox numbers', async ({ page }) => {
  await signIn(page, sales, '/admin/meetings');
  await expect(page.getByRole('heading', { level: 1, name: 'Próximas reuniones' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${small.reference} · `) })).toBeVisible();
  await page.getByRole('link', { name: 'Panel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de ventas' })).toBeVisible();
  // Leads per week, the funnel, by status, by source, campaign and landing page; two of money (pipeline value
  // by status, won value by month).
  await expect(page.locator('.chart[role="img"]')).toHaveCount(8);
  await expect(page.getByRole('region', { name: 'Dinero' })).toContainText('Valor ganado por mes');
  await expect(page.getByRole('table', { name: 'Embudo de leads' })).toContainText('Recibidos');
  await page.getByText('Ver las cifras por semana').click();
  await expect(page.getByRole('table', { name: 'Leads por semana y formulario' })).toBeVisible();
  await page.getByLabel('Periodo', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Ver' }).click();
  await expect(page).toHaveURL(/weeks=4/);
  await expect(page.getByText('Leads recibidos en las últimas 4 semanas')).toBeVisible();
});
