/**
 * The lead page's contact card on both engines: the phone written as the exported list writes it (and dialled
 * from a normalised number), and a rectified e-mail address says who changed it and when.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { spreadsheetPhone } from '../lead/phone.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';

const contactCard = (page: string) => /<h2[^>]*>Contacto<\/h2>[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';

describe.each(TEST_ENGINES)("the lead page's contact card (%s)", (engine) => {
  let t: TestAdmin;
  let ana: AdminClient;
  let lead = 0;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    lead = Number((await t.api.post('/api/webSite/contactBig', VALID.big)).body.id);
    ana = t.client();
    await ana.signIn('ana@angram.mx');
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('writes the phone as the list does, on one line, and dials it', async () => {
    const [stored] = await t.api.rows<{ phone: string }>('SELECT phone FROM leads WHERE id = $1', lead);
    const card = contactCard((await ana.get(`/admin/contacts/${lead}`)).text);
    const shown = spreadsheetPhone(stored?.phone ?? '').replaceAll(' ', '\u00A0');
    expect(card).toContain(`<a href="tel:${stored?.phone ?? ''}">${shown}</a>`);
    expect(spreadsheetPhone(stored?.phone ?? '')).not.toBe(stored?.phone);
  });

  it('says who changed the e-mail address', async () => {
    const page = (await ana.get(`/admin/contacts/${lead}`)).text;
    expect(contactCard(page)).not.toContain('Cambiado por');
    const version = (/name="version" value="(\[[^"]*\])"/.exec(page)?.[1] ?? '').replaceAll('&quot;', '"');
    const answer = await ana.post(`/admin/contacts/${lead}/contact`, {
      version,
      name: VALID.big.name,
      email: 'jorge.trevino@logisticadelnorte.com.mx',
      company: VALID.big.company,
      phone: VALID.big.phone,
    });
    expect(answer.status).toBe(303);
    const card = contactCard((await ana.get(`/admin/contacts/${lead}`)).text);
    expect(card).toContain('jorge.trevino@logisticadelnorte.com.mx');
    expect(card).toMatch(/Cambiado por <bdi>Ana López<\/bdi>, <time datetime="[^"]+">/);
  });
});
