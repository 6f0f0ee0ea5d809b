/**
 * Every lead form survives an expired session as notes do, on both engines: moving and cancelling a meeting,
 * merging a duplicate and rectifying contact data, each posted after the session ended, go to the sign-in
 * and come back to the lead's page, where the action is applied once (never a 405, a 404 or a silent drop).
 * A merged lead is found afterwards by its own reference and message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';

describe.each(TEST_ENGINES)('forms kept across an expired session (%s)', (engine) => {
  let t: TestAdmin;
  let dir: AdminClient;
  let hours = 0;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    dir = t.client();
  });
  afterAll(async () => {
    await t.dispose();
  });

  const book = async (email: string, slot?: string) =>
    Number(
      (
        await t.api.post('/api/webSite/contactSmall', {
          ...VALID.small,
          email,
          ...(slot ? { appointmentDate: slot } : {}),
        })
      ).body.id,
    );

  /** Opens the lead's page signed in, lets the session lapse, posts `form`, signs in and opens the page again. */
  async function postAfterExpiry(id: number, action: string, form: (page: string) => Record<string, string>) {
    hours += 3;
    t.clock.now = new Date(TEST_NOW.getTime() + hours * 3_600_000);
    await dir.signIn('dir@angram.mx');
    const page = await dir.get(`/admin/contacts/${id}`);
    t.clock.now = new Date(t.clock.now.getTime() + 121 * 60_000);
    const kept = await dir.post(`/admin/contacts/${id}/${action}`, form(page.text));
    expect(kept.status, action).toBe(303);
    expect(kept.location, action).toBe(`/admin/login?next=%2Fadmin%2Fcontacts%2F${id}&reason=saved`);
    await dir.signIn('dir@angram.mx');
    const applied = await dir.get(`/admin/contacts/${id}`);
    expect(applied.status, action).toBe(303);
    expect(applied.location, action).toMatch(new RegExp(`^/admin/contacts/${id}\\?aviso=`));
    // Applied once: the page opened again is just the page.
    expect((await dir.get(`/admin/contacts/${id}`)).status).toBe(200);
  }

  it('moves, then cancels a meeting posted after the session ended', async () => {
    const id = await book('mover@ferremax.mx', '2026-11-25T10:00');
    await postAfterExpiry(id, 'reunion/reprogramar', () => ({ slot: '2026-11-25T11:00' }));
    expect(await t.api.rows('SELECT slot FROM bookings WHERE lead_id = $1', id)).toEqual([
      { slot: '2026-11-25T11:00' },
    ]);
    await postAfterExpiry(id, 'reunion/cancelar', () => ({ confirm: 'si' }));
    expect(await t.api.rows('SELECT slot FROM bookings WHERE lead_id = $1', id)).toEqual([]);
    expect(
      (await t.api.rows<{ kind: string }>('SELECT kind FROM meeting_events WHERE lead_id = $1 ORDER BY id', id)).map(
        (event) => event.kind,
      ),
    ).toHaveLength(2);
  });

  it('merges a duplicate and rectifies contact data posted after the session ended', async () => {
    const keep = await book('doble@ferremax.mx');
    const drop = Number(
      (
        await t.api.post('/api/webSite/contactSmall', {
          ...VALID.small,
          email: 'DOBLE@ferremax.mx',
          message: 'Necesitamos facturación electrónica en tres sucursales.',
        })
      ).body.id,
    );
    await postAfterExpiry(keep, 'merge', () => ({ otro: String(drop) }));
    expect(await t.api.rows('SELECT into_id FROM pipeline_merges WHERE lead_id = $1', drop)).toEqual([
      { into_id: keep },
    ]);
    // The merged lead is still found, as the lead it joined, by its reference and its message.
    const refs = async (q: string) =>
      [...(await dir.get(`/admin/contacts?q=${encodeURIComponent(q)}`)).text.matchAll(/>CONT-(\d+)</g)].map((match) =>
        Number(match[1]),
      );
    expect(await refs(`CONT-${drop}`)).toEqual([keep]);
    expect(await refs('facturacion electronica')).toEqual([keep]);
    await postAfterExpiry(keep, 'contact', (page) => ({
      version: (/name="version" value="(\[[^"]*\])"/.exec(page)?.[1] ?? '').replaceAll('&quot;', '"'),
      name: 'Lucía Hernández Garza',
      email: 'doble@ferremax.mx',
      company: VALID.small.company,
      phone: '',
    }));
    expect(await t.api.rows('SELECT name FROM leads WHERE id = $1', keep)).toEqual([{ name: 'Lucía Hernández Garza' }]);
  });
});
