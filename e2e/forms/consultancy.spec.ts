/**
 * The forms that submit to `contactConsultancy` (form type 4, so no form drops a lead): cloud migration,
 * integrations, and the consulting form with its service select and conditional fields.
 */
import type { Locator, Page } from '@playwright/test';
import { FORM_LISTS } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  confirmedLeadId,
  hydratedForm,
  leadsWithEmail,
  nextSubmissionBody,
  outboxMessages,
  storedLead,
  watchSubmissions,
} from './support.ts';

async function fillContact(form: Locator, who: string) {
  await form.getByLabel('Nombre completo').fill('Jorge Treviño');
  await form.getByLabel('Correo electrónico').fill(`${who}@aceromonterrey.mx`);
  await form.getByLabel('Empresa').fill('Aceros Monterrey');
  await form.getByLabel('Teléfono').fill('81 2233 4455');
}

async function sendAndCheck(page: Page, form: Locator, serviceType: string, expectedKeys: string[]) {
  const body = nextSubmissionBody(page, 'contactConsultancy');
  await form.locator('button[type="submit"]').click();
  const sent = await body;
  expect(Object.keys(sent).sort()).toEqual([...expectedKeys].sort());
  expect(sent.serviceType).toBe(serviceType);

  const id = await confirmedLeadId(page);
  const lead = storedLead(id);
  expect(lead).toMatchObject({
    kind: 'consultancy',
    serviceType,
    company: 'Aceros Monterrey',
    phone: '+528122334455',
  });
  const messages = await outboxMessages(id);
  expect(messages).toHaveLength(2);
  expect(messages.find((m) => m.audience === 'client')?.text).toContain('Solicitud de Consultoría Recibida - Angram');
  for (const message of messages) expect(message.text).toContain(`CONT-${id}`);
  return lead;
}

test('cloud migration: the infrastructures, system types, user counts, budgets and timelines of its lists, sent as a consultancy', async ({
  page,
}) => {
  await page.goto('/migracion-cloud');
  const form = await hydratedForm(page, 'cloudMigration');
  const options = (label: string) => form.getByLabel(label).locator('option:not([value=""])');
  const lists = FORM_LISTS;
  await expect(options('Infraestructura actual')).toHaveText(lists.cloudInfrastructures.map((option) => option.label));
  await expect(options('Tipo de sistema')).toHaveText(lists.cloudSystemTypes.map((option) => option.label));
  await expect(options('Usuarios del sistema')).toHaveText(lists.cloudUserCounts.map((option) => option.label));
  await expect(options('Presupuesto (USD)')).toHaveCount(lists.cloudBudgets.length);
  await expect(options('¿En cuánto tiempo quieres migrar?')).toHaveText(
    lists.cloudTimelines.map((option) => option.label),
  );
  await expect(form.getByRole('button', { name: /Elegir fecha y hora/ })).toHaveCount(0);

  await fillContact(form, 'jorge.cloud');
  await form.getByLabel('Infraestructura actual').selectOption('on-premise');
  await form.getByLabel('Tipo de sistema').selectOption('erp');
  await form.getByLabel('Usuarios del sistema').selectOption('101-1000');
  await form.getByLabel('Presupuesto (USD)').selectOption('30k-60k');
  await form.getByLabel('¿En cuánto tiempo quieres migrar?').selectOption('2-4-months');
  await form
    .getByLabel('¿Qué problemas tienes hoy con tu infraestructura?')
    .fill('El servidor del ERP tiene 9 años y no tiene respaldo fuera de la planta.');
  await form
    .getByLabel('¿Qué quieres lograr con la migración?')
    .fill('Llevar el ERP a la nube sin detener la facturación.');

  const lead = await sendAndCheck(page, form, 'cloud-migration', [
    'serviceType',
    'name',
    'email',
    'company',
    'phone',
    'currentInfrastructure',
    'systemType',
    'userCount',
    'budget',
    'timeline',
    'challenges',
    'goals',
  ]);
  expect(lead?.fields).toMatchObject({
    currentInfrastructure: 'on-premise',
    systemType: 'erp',
    userCount: '101-1000',
    budget: '30k-60k',
  });
  await expect(form.getByLabel('Infraestructura actual')).toHaveValue('');
});

test('integrations: the integration types of its list, sent as a consultancy', async ({ page }) => {
  await page.goto('/consultoria-integraciones');
  const form = await hydratedForm(page, 'integrations');
  await expect(form.getByLabel('Tipo de integración').locator('option:not([value=""])')).toHaveText(
    FORM_LISTS.integrationTypes.map((option) => option.label),
  );

  await fillContact(form, 'jorge.integrations');
  await form.getByLabel('Tipo de integración').selectOption({ label: 'Facturación electrónica CFDI 4.0 (SAT)' });
  await form.getByLabel('¿Para cuándo lo necesitas?').selectOption('2-4-weeks');
  await form.getByLabel('Presupuesto (USD)').selectOption('5k-10k');
  await form.getByLabel('Sistemas que usas hoy').fill('CONTPAQi para contabilidad y Shopify para la tienda.');
  await form
    .getByLabel('¿Qué quieres lograr con la integración?')
    .fill('Que cada venta de Shopify genere su CFDI sin captura manual.');
  await form.getByLabel('¿Qué te cuesta hoy trabajo o tiempo?').fill('Dos personas capturan facturas medio día.');

  const lead = await sendAndCheck(page, form, 'integrations', [
    'serviceType',
    'name',
    'email',
    'company',
    'phone',
    'currentSystems',
    'integrationType',
    'businessGoals',
    'challenges',
    'timeline',
    'budget',
  ]);
  expect(lead?.fields).toMatchObject({ integrationType: 'e-invoicing', timeline: '2-4-weeks', budget: '5k-10k' });
});

test('technology consulting: the chosen service decides which fields are asked and required', async ({ page }) => {
  await page.goto('/consultoria-tecnologica');
  const form = await hydratedForm(page, 'consulting');
  const service = form.getByLabel('Servicio de consultoría');
  await expect(service).toHaveValue('');
  await expect(form.getByLabel('Infraestructura actual')).toHaveCount(0);

  await service.selectOption('migration-strategy');
  await expect(form.getByLabel('Infraestructura actual')).toBeVisible();
  await expect(form.getByLabel('Tipo de sistema')).toBeVisible();
  await expect(form.getByLabel('Objetivos de la migración')).toHaveAttribute('required', '');
  await expect(form.getByLabel('Usuarios del sistema')).toHaveCount(0);

  await service.selectOption('architecture');
  await expect(form.getByLabel('Infraestructura actual')).toHaveCount(0);
  await expect(form.getByLabel('Objetivos de la migración')).toHaveCount(0);

  await fillContact(form, 'jorge.architecture');
  await form
    .getByLabel('¿Qué esperas de la consultoría?')
    .fill('Saber si nuestro monolito en PHP aguanta triplicar pedidos en 2027.');
  await form
    .getByLabel('¿Cómo está hoy tu sistema o tu infraestructura?')
    .fill('Un monolito en PHP 7 con MySQL en un VPS.');
  await sendAndCheck(page, form, 'architecture', [
    'appointmentDate',
    'serviceType',
    'name',
    'email',
    'company',
    'phone',
    'goals',
    'currentSituation',
  ]);
});

test('infrastructure audit: the service comes preselected with its own fields', async ({ page }) => {
  await page.goto('/auditoria-infraestructura');
  const form = await hydratedForm(page, 'consulting');
  await expect(form.getByLabel('Servicio de consultoría')).toHaveValue('infrastructure-audit');

  // Without the audit's own fields nothing is sent.
  const sent = watchSubmissions(page);
  await fillContact(form, 'jorge.audit');
  await form.locator('button[type="submit"]').click();
  await expect(form.getByLabel('Infraestructura actual')).toBeFocused();
  for (const label of ['Infraestructura actual', 'Usuarios del sistema', 'Principales retos']) {
    await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  expect(sent).toEqual([]);
  expect(leadsWithEmail('jorge.audit@aceromonterrey.mx')).toBe(0);

  await form
    .getByLabel('¿Qué esperas de la consultoría?')
    .fill('Un diagnóstico de costos y respaldos antes de renovar contratos.');
  await form
    .getByLabel('¿Cómo está hoy tu sistema o tu infraestructura?')
    .fill('Tres servidores físicos en la planta y correo en hosting compartido.');
  await form.getByLabel('Infraestructura actual').selectOption('hybrid');
  await form.getByLabel('Usuarios del sistema').selectOption('1001-10000');
  await form.getByLabel('Principales retos').fill('Caídas en quincena y nadie sabe cuánto cuesta cada servidor.');
  const lead = await sendAndCheck(page, form, 'infrastructure-audit', [
    'appointmentDate',
    'serviceType',
    'name',
    'email',
    'company',
    'phone',
    'goals',
    'currentSituation',
    'currentInfrastructure',
    'userCount',
    'challenges',
  ]);
  expect(lead?.originPage).toBe('/auditoria-infraestructura');
  // After the reset the page's service stays chosen.
  await expect(form.getByLabel('Servicio de consultoría')).toHaveValue('infrastructure-audit');
});
