/**
 * Where a lead came from, end to end: a visit lands from a campaign link, moves on inside the site, sends
 * the small form, and the inbox's lead page shows the landing page, the referrer and the campaign. The JSON
 * body keeps exactly the contract's keys; the origin travels in `X-Lead-Attribution`.
 */
import { signIn, createAccount } from '../admin/support.ts';
import { expect, test } from '../support/fixtures.ts';
import { confirmedLeadId, leadForm, storedLead } from './support.ts';

test('a campaign visit reaches the lead page through the form', async ({ page }) => {
  await page.goto('/?utm_source=boletin&utm_medium=email&utm_campaign=buen-fin-2026&utm_content=boton-azul', {
    referer: 'https://www.google.com/search?q=software+a+la+medida',
  });
  // A second page of the same visit does not replace the first one's origin.
  await page.goto('/#contacto');
  // The page's own script records the origin; no island needs to wake for it.
  await page.waitForLoadState('load');
  const stored: unknown = JSON.parse(
    (await page.evaluate(() => sessionStorage.getItem('angram:visit-origin'))) ?? 'null',
  );
  expect(stored).toEqual({
    landing: '/',
    referrer: 'https://www.google.com/search',
    utm_source: 'boletin',
    utm_medium: 'email',
    utm_campaign: 'buen-fin-2026',
    utm_content: 'boton-azul',
  });

  const form = leadForm(page, 'small');
  await form.getByLabel('Nombre completo').fill('Ramiro Campaña');
  await form.getByLabel('Correo electrónico').fill('ramiro.utm@ferremax.mx');
  await form.getByLabel('Empresa').fill('Ferremax del Golfo');
  await form.getByLabel('¿En qué te podemos ayudar?').fill('Vimos su boletín y queremos cotizar una app de pedidos.');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/webSite/contactSmall') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  const request = await sent;
  // The contract's keys only (the meeting left empty), nothing of the visit.
  expect(Object.keys(request.postDataJSON() as object).sort()).toEqual([
    'appointmentDate',
    'company',
    'email',
    'message',
    'name',
  ]);
  expect(JSON.parse((await request.headerValue('x-lead-attribution')) ?? 'null')).toEqual(stored);
  const id = await confirmedLeadId(page);
  expect(storedLead(id)).toBeDefined();

  await signIn(page, createAccount('sales', 'Paula Origen'), `/admin/login?next=%2Fadmin%2Fcontacts%2F${id}`);
  const origin = page.getByRole('region', { name: 'Origen de la visita' });
  await expect(origin).toContainText('boletin');
  await expect(origin).toContainText('buen-fin-2026');
  await expect(origin).toContainText('https://www.google.com/search');
});
