/**
 * A meeting from the sales inbox, over HTTP on both engines: rescheduling it to a free slot and cancelling
 * it on the client's behalf (the client's and the team's invites updated, the lead's history told), the
 * refusals (slot taken, bad slot, no confirmation, already cancelled, no CSRF), marking it held or missed
 * once it started, and each account's private calendar feed (read by ical.js; changed and revoked
 * addresses stop working; only the account's own and unassigned leads' meetings).
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, VALID } from '../testing/api.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { ERRORS } from '../errors.ts';
import { invitesOf } from '../testing/meetings.ts';

describe.each(TEST_ENGINES)('meetings in the inbox (%s)', (engine) => {
  let t: TestAdmin;
  let ana: AdminClient;
  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    ana = t.client();
    await ana.signIn('ana@angram.mx');
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function book(slot: string, email: string): Promise<number> {
    const answer = await t.api.post('/api/webSite/contactSmall', { ...VALID.small, email, appointmentDate: slot });
    expect(answer.status).toBe(201);
    return Number(answer.body.id);
  }

  const slotsOn = (page: string) => [...page.matchAll(/<option value="(\d{4}-\d\d-\d\dT\d\d:\d\d)"/g)].map((m) => m[1]);
  const bookedSlot = async (id: number) =>
    (await t.api.rows<{ slot: string }>('SELECT slot FROM bookings WHERE lead_id = $1', id))[0]?.slot;

  it('reschedules and cancels a meeting for the client, tells the client and keeps the history', async () => {
    t.clock.now = TEST_NOW;
    const id = await book('2026-11-25T10:00', 'mover@ferremax.mx');
    const other = await book('2026-11-25T12:00', 'ocupado@ferremax.mx');
    const page = await ana.get(`/admin/contacts/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="reunion"');
    expect(page.text).toMatch(/href="https:\/\/meet\.jit\.si\/angram-[0-9a-f]{32}"/);
    const offered = slotsOn(page.text);
    // Its own slot and the other lead's are not offered; a free one is.
    expect(offered).not.toContain('2026-11-25T10:00');
    expect(offered).not.toContain('2026-11-25T12:00');
    expect(offered).toContain('2026-11-25T11:00');

    // Refused: a taken slot (409), a slot that is no slot (422), none (422); nothing changes.
    const taken = await ana.post(`/admin/contacts/${id}/reunion/reprogramar`, { slot: '2026-11-25T12:00' });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain(ERRORS.meetingTaken.message());
    expect(taken.text).toContain('aria-invalid="true"');
    for (const slot of ['<script>alert(1)</script>', '2026-11-25T03:00', '']) {
      const wrong = await ana.post(`/admin/contacts/${id}/reunion/reprogramar`, { slot });
      expect(wrong.status).toBe(422);
      expect(wrong.text).not.toContain('<script>alert(1)');
    }
    const forged = await ana.post(
      `/admin/contacts/${id}/reunion/reprogramar`,
      { slot: '2026-11-25T11:00' },
      { csrf: null },
    );
    expect(forged.status).toBe(403);
    expect(await bookedSlot(id)).toBe('2026-11-25T10:00');

    const moved = await ana.post(`/admin/contacts/${id}/reunion/reprogramar`, { slot: '2026-11-25T11:00' });
    expect(moved.status).toBe(303);
    expect(moved.location).toBe(`/admin/contacts/${id}?aviso=reunion-movida#reunion`);
    expect(await bookedSlot(id)).toBe('2026-11-25T11:00');
    const after = await ana.get(moved.location ?? '');
    expect(after.text).toContain('Reunión reprogramada');
    expect(after.text).toMatch(/<strong>Ana López<\/strong> movió la reunión del .*25 de noviembre.* 10:00 .* 11:00/);

    const noConfirm = await ana.post(`/admin/contacts/${id}/reunion/cancelar`, {});
    expect(noConfirm.status).toBe(422);
    expect(await bookedSlot(id)).toBe('2026-11-25T11:00');
    const cancelled = await ana.post(`/admin/contacts/${id}/reunion/cancelar`, { confirm: 'si' });
    expect(cancelled.status).toBe(303);
    expect(await bookedSlot(id)).toBeUndefined();
    // Cancelling again changes nothing and says the same; moving it now is refused.
    expect((await ana.post(`/admin/contacts/${id}/reunion/cancelar`, { confirm: 'si' })).status).toBe(303);
    const late = await ana.post(`/admin/contacts/${id}/reunion/reprogramar`, { slot: '2026-11-25T13:00' });
    expect(late.status).toBe(409);
    expect(late.text).toContain(ERRORS.meetingCancelled.message());

    // The client and the team got the same calendar story: one UID, a request per change, then a cancel.
    const invites = await invitesOf(t.api, id);
    expect(invites.map((invite) => [invite.audience, invite.method, invite.sequence])).toEqual([
      ['client', 'REQUEST', 0],
      ['internal', 'REQUEST', 0],
      ['client', 'REQUEST', 1],
      ['internal', 'REQUEST', 1],
      ['client', 'CANCEL', 2],
      ['internal', 'CANCEL', 2],
    ]);
    expect(new Set(invites.map((invite) => invite.uid)).size).toBe(1);
    const final = await ana.get(`/admin/contacts/${id}`);
    expect(final.text).toContain('Sin reunión agendada');
    expect(final.text).toContain('>Cancelada</span>');
    expect(final.text).toMatch(/<strong>Ana López<\/strong> canceló la reunión del/);
    expect(final.text).not.toContain('/reunion/reprogramar');
    expect(await bookedSlot(other)).toBe('2026-11-25T12:00');
  });

  it('marks a meeting held or missed only once it started', async () => {
    t.clock.now = TEST_NOW;
    const id = await book('2026-11-26T10:00', 'marcar@ferremax.mx');
    await ana.get(`/admin/contacts/${id}`);
    const early = await ana.post(`/admin/contacts/${id}/reunion/realizada`, {});
    expect(early.status).toBe(422);
    expect(early.text).toContain('todavía no empieza');

    t.clock.now = new Date('2026-11-26T16:30:00.000Z'); // 10:30 in Mexico City
    // Days later: yesterday's session has ended.
    ana = t.client();
    await ana.signIn('ana@angram.mx');
    const page = await ana.get(`/admin/contacts/${id}`);
    expect(page.text).not.toContain('/reunion/reprogramar');
    expect(page.text).toContain('/reunion/no-asistio');
    expect((await ana.post(`/admin/contacts/${id}/reunion/realizada`, {})).status).toBe(303);
    expect((await ana.post(`/admin/contacts/${id}/reunion/no-asistio`, {})).status).toBe(303);
    const rows = await t.api.rows<{ status: string }>('SELECT status FROM meetings WHERE lead_id = $1', id);
    expect(rows[0]?.status).toBe('missed');
    const marked = await ana.get(`/admin/contacts/${id}`);
    expect(marked.text).toContain('>No asistió</span>');
    expect(marked.text).toContain('marcó la reunión como realizada');
    expect(marked.text).toContain('marcó que el cliente no asistió');
    t.clock.now = TEST_NOW;
    ana = t.client();
    await ana.signIn('ana@angram.mx');
  });

  it('gives each account a private calendar feed it can change and revoke', async () => {
    t.clock.now = TEST_NOW;
    const mine = await book('2026-11-27T10:00', 'mia@ferremax.mx');
    const theirs = await book('2026-11-27T11:00', 'suya@ferremax.mx');
    const cancelled = await book('2026-11-27T12:00', 'cancelada@ferremax.mx');
    const dir = t.client();
    await dir.signIn('dir@angram.mx');
    for (const [id, client] of [
      [mine, ana],
      [theirs, dir],
    ] as const) {
      const page = await client.get(`/admin/contacts/${id}`);
      const version = /name="version" value="(\d+)"/.exec(page.text)?.[1] ?? '';
      const users = await t.api.rows<{ id: number }>(
        'SELECT id FROM inbox_users WHERE email = $1',
        client === ana ? 'ana@angram.mx' : 'dir@angram.mx',
      );
      const assigned = await client.post(`/admin/contacts/${id}/assignee`, {
        version,
        assignee: String(users[0]?.id),
      });
      expect(assigned.status).toBe(303);
    }
    await ana.get(`/admin/contacts/${cancelled}`);
    expect((await ana.post(`/admin/contacts/${cancelled}/reunion/cancelar`, { confirm: 'si' })).status).toBe(303);

    const before = await ana.get('/admin/account');
    expect(before.text).toContain('Crear mi dirección de suscripción');
    expect((await ana.post('/admin/account/calendario', { accion: 'crear' })).location).toBe(
      '/admin/account?aviso=calendario-creado#calendario',
    );
    const address = (text: string) => {
      const value = /id="calendario-url" type="text" readonly value="([^"]+)"/.exec(text)?.[1] ?? '';
      const url = new URL(value);
      expect(url.origin).toBe(new URL(t.api.settings.siteUrl).origin);
      return url.pathname;
    };
    const first = address((await ana.get('/admin/account')).text);
    expect(first).toMatch(/^\/admin\/calendario\/\d+-[\w-]{43}\.ics$/);

    // A calendar app has no session: the address alone opens the feed.
    const feed = await fetch(t.url + first);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()) as unknown[]);
    const uids = calendar.getAllSubcomponents('vevent').map((event) => String(event.getFirstPropertyValue('uid')));
    const uidOf = async (id: number) =>
      (await t.api.rows<{ uid: string }>('SELECT uid FROM meetings WHERE lead_id = $1', id))[0]?.uid;
    const mineUid = await uidOf(mine);
    expect(uids).toContain(mineUid);
    expect(uids).not.toContain(await uidOf(theirs));
    expect(uids).not.toContain(await uidOf(cancelled));
    const event = calendar.getAllSubcomponents('vevent').find((item) => item.getFirstPropertyValue('uid') === mineUid);
    expect(String(event?.getFirstPropertyValue('url'))).toMatch(/^https:\/\/meet\.jit\.si\/angram-/);
    expect((event?.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2026-11-27T16:00:00.000Z',
    );

    // A new address kills the old one; revoking kills the new one; guesses and other accounts' ids fail.
    await ana.post('/admin/account/calendario', { accion: 'cambiar' });
    const second = address((await ana.get('/admin/account')).text);
    expect(second).not.toBe(first);
    expect((await fetch(t.url + first, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(t.url + second)).status).toBe(200);
    const [, ownId, token] = /(\d+)-([\w-]{43})/.exec(second) ?? [];
    expect((await fetch(`${t.url}/admin/calendario/${Number(ownId) + 1}-${token}.ics`)).status).toBe(404);
    expect((await fetch(`${t.url}/admin/calendario/${ownId}-${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await ana.post('/admin/account/calendario', { accion: 'borrar-todo' })).status).toBe(400);
    await ana.post('/admin/account/calendario', { accion: 'revocar' });
    expect((await fetch(t.url + second)).status).toBe(404);
    expect((await ana.get('/admin/account')).text).toContain('Crear mi dirección de suscripción');
  });
});
