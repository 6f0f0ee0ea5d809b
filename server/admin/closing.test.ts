/**
 * Closing deals and whose lead it is, over HTTP on both engines: a new lead closes as Ganado straight away
 * but only with a value, which the dashboard then counts by source, campaign and landing page; a closed lead
 * never says «Vence hoy»; open leads without a next step have their own view; marking a step done asks for
 * the next; a salesperson cannot take (or merge) a lead someone else works, an admin can; each account
 * sends a limited number of e-mails an hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRoot } from '../../core/content/load.ts';
import { readLostReasons } from '../../core/content/lost-reasons.ts';
import { VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';

const refsOf = (text: string) => [...text.matchAll(/>CONT-(\d+)</g)].map((match) => Number(match[1]));
const ORIGIN = JSON.stringify({
  landing: '/servicios/apps-moviles',
  referrer: 'https://www.google.com/search',
  utm_source: 'google',
  utm_campaign: 'apps-invierno',
});

describe.each(TEST_ENGINES)('closing deals and owning leads (%s)', (engine) => {
  let t: TestAdmin;
  let ana: AdminClient;
  let beto: AdminClient;
  let boss: AdminClient;
  let won = 0;
  let open = 0;
  const ids: Record<string, number> = {};

  const versionIn = (page: string, form: string) =>
    new RegExp(
      `action="/admin/contacts/\\d+/${form}">\\s*<input[^>]+><input type="hidden" name="version" value="(\\d+)">`,
    ).exec(page)?.[1] ?? '';

  beforeAll(async () => {
    t = await startTestAdmin(engine, { ADMIN_EMAILS_PER_HOUR: '2' });
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    await t.createUser('beto@angram.mx', 'sales', 'Beto Ruiz');
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    for (const row of await t.api.rows<{ id: number; email: string }>('SELECT id, email FROM inbox_users'))
      ids[row.email] = row.id;
    const send = async (body: object) =>
      Number((await t.api.post('/api/webSite/contactBig', body, { 'X-Lead-Attribution': ORIGIN })).body.id);
    won = await send(VALID.big);
    open = await send({ ...VALID.big, email: 'otra@logisticadelnorte.com.mx', phone: '55 1111 2222' });
    ana = t.client();
    await ana.signIn('ana@angram.mx');
    beto = t.client();
    await beto.signIn('beto@angram.mx');
    boss = t.client();
    await boss.signIn('dir@angram.mx');
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('closes a new lead as won only with its value, and counts it by source, campaign and landing page', async () => {
    const page = await ana.get(`/admin/contacts/${won}`);
    expect(page.text).toContain('Si lo marcas como ganado');
    const status = versionIn(page.text, 'status');
    const missing = await ana.post(`/admin/contacts/${won}/status`, { version: status, status: 'ganado' });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain('Escribe el valor del trato para marcarlo como ganado.');
    const bad = await ana.post(`/admin/contacts/${won}/status`, { version: status, status: 'ganado', value: 'mucho' });
    expect(bad.status).toBe(422);
    const closed = await ana.post(`/admin/contacts/${won}/status`, {
      version: status,
      status: 'ganado',
      value: '$250,000',
    });
    expect(closed.status).toBe(303);
    expect(await t.api.rows('SELECT value_mxn FROM pipeline_deals WHERE lead_id = $1', won)).toEqual([
      { value_mxn: 250_000 },
    ]);
    const dashboard = (await ana.get('/admin/dashboard')).text;
    for (const [id, label] of [
      ['por-fuente', 'google'],
      ['por-campana', 'apps-invierno'],
      ['por-entrada', '/servicios/apps-moviles'],
    ]) {
      const card = dashboard.slice(dashboard.indexOf(`id="${id}"`));
      expect(card, id).toMatch(
        new RegExp(
          `<th scope="row"[^>]*>${label}</th><td class="num" data-label="Leads">2</td><td class="num" data-label="Ganados">1</td><td class="num" data-label="Valor ganado">\\$250,000`,
        ),
      );
    }
  });

  it('never says a closed lead is due, lists open leads without a next step, and asks for the next one', async () => {
    const today = '2026-11-23';
    for (const id of [won, open]) {
      const page = await ana.get(`/admin/contacts/${id}`);
      const saved = await ana.post(`/admin/contacts/${id}/deal`, {
        version: versionIn(page.text, 'deal'),
        value: '250000',
        nextStepDate: today,
        nextStep: 'Llamar para arrancar',
      });
      expect(saved.status).toBe(303);
    }
    expect((await ana.get(`/admin/contacts/${won}`)).text).not.toContain('Vence hoy');
    expect((await ana.get(`/admin/contacts/${open}`)).text).toContain('Vence hoy');
    expect((await ana.get('/admin/contacts')).text.match(/Vence hoy/g)).toHaveLength(1);
    expect((await ana.get('/admin/board')).text.match(/Vence hoy/g)).toHaveLength(1);

    expect(refsOf((await ana.get('/admin/contacts?vista=sin-paso')).text)).toEqual([]);
    const page = await ana.get(`/admin/contacts/${open}`);
    const done = await ana.post(`/admin/contacts/${open}/step-done`, { version: versionIn(page.text, 'deal') });
    expect(done.location).toBe(`/admin/contacts/${open}?aviso=paso-hecho#paso-fecha`);
    expect((await ana.get(done.location ?? '')).text).toContain('¿Qué sigue?');
    // The won lead has a step left, but it is closed: only the open one is listed.
    expect(refsOf((await ana.get('/admin/contacts?vista=sin-paso')).text)).toEqual([open]);
  });

  it('lets only an admin take a lead someone else works, so a merge cannot go around it', async () => {
    const assign = async (browser: AdminClient, id: number, to: string) => {
      const page = await browser.get(`/admin/contacts/${id}`);
      return browser.post(`/admin/contacts/${id}/assignee`, {
        version: versionIn(page.text, 'assignee'),
        assignee: to,
      });
    };
    expect((await assign(ana, open, String(ids['ana@angram.mx']))).status).toBe(303);
    const taken = await assign(beto, open, String(ids['beto@angram.mx']));
    expect(taken.status).toBe(403);
    expect(taken.text).toContain('solo alguien con rol de administración puede reasignarlo');
    expect((await assign(beto, open, 'none')).status).toBe(403);
    // Beto can take an unassigned lead, but still cannot merge Ana's into it.
    expect((await assign(beto, won, String(ids['beto@angram.mx']))).status).toBe(303);
    await beto.get(`/admin/contacts/${won}/merge?otro=${open}`);
    expect((await beto.post(`/admin/contacts/${won}/merge`, { otro: String(open) })).status).toBe(409);
    expect((await assign(boss, open, String(ids['beto@angram.mx']))).status).toBe(303);
    const [row] = await t.api.rows<{ assignee_id: number }>(
      'SELECT assignee_id FROM inbox_lead_state WHERE lead_id = $1',
      open,
    );
    expect(row?.assignee_id).toBe(ids['beto@angram.mx']);
  });

  it('offers the lost reasons of content and counts lost leads by them on the dashboard', async () => {
    const reasons = readLostReasons(defaultRoot());
    const [first] = reasons;
    const detailed = reasons.find((reason) => reason.needsDetail);
    if (!first || !detailed) throw new Error('content/lost-reasons.yaml needs a reason and one that asks for detail');
    expect((await ana.get('/admin/dashboard')).text).toContain('No se perdió ningún lead de este periodo.');
    const lost = Number(
      (await t.api.post('/api/webSite/contactSmall', { ...VALID.small, email: 'perdida@ferremax.mx' })).body.id,
    );
    const page = await ana.get(`/admin/contacts/${lost}`);
    for (const reason of reasons) expect(page.text).toContain(`<option value="${reason.id}">${reason.label}</option>`);
    const status = versionIn(page.text, 'status');
    const refused = await ana.post(`/admin/contacts/${lost}/status`, {
      version: status,
      status: 'perdido',
      reason: detailed.id,
    });
    expect(refused.status).toBe(422);
    expect(
      (await ana.post(`/admin/contacts/${lost}/status`, { version: status, status: 'perdido', reason: first.id }))
        .status,
    ).toBe(303);
    const dashboard = (await ana.get('/admin/dashboard')).text;
    expect(dashboard).toContain(`<th scope="row">${first.label}</th><td class="num">1</td>`);
  });

  it('sends at most the configured e-mails an hour per account, keeping the refused text', async () => {
    const write = (browser: AdminClient, body: string) =>
      browser.post(`/admin/contacts/${open}/email`, { subject: 'Seguimiento de tu solicitud', body });
    await beto.get(`/admin/contacts/${open}`);
    expect((await write(beto, 'Primer mensaje.')).status).toBe(303);
    expect((await write(beto, 'Segundo mensaje.')).status).toBe(303);
    const refused = await write(beto, 'Tercer mensaje, que no sale.');
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('el máximo por cuenta');
    expect(refused.text).toContain('Tercer mensaje, que no sale.');
    const queued = () => t.api.rows("SELECT 1 FROM pipeline_events WHERE kind = 'email'");
    expect(await queued()).toHaveLength(2);
    // Another account has its own hour; an hour later, Beto too.
    await ana.get(`/admin/contacts/${open}`);
    expect((await write(ana, 'Mensaje de Ana.')).status).toBe(303);
    t.clock.now = new Date(t.clock.now.getTime() + 3_601_000);
    await beto.signIn('beto@angram.mx');
    await beto.get(`/admin/contacts/${open}`);
    expect((await write(beto, 'Una hora después.')).status).toBe(303);
    expect(await queued()).toHaveLength(4);
  });
});
