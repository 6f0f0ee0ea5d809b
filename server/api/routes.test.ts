import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { servedLists } from '../../core/forms/options.ts';
import { OPEN_SLOT, startTestApi, VALID, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';

describe.each(TEST_ENGINES)('routes (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });

  describe('GET /api/webSite/contactFormSelects', () => {
    it('serves the four lists of the options module', async () => {
      const res = await t.request('/api/webSite/contactFormSelects');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(servedLists(loadContentFacts().lists))));
      expect(JSON.stringify(res.body)).not.toContain('estimate');
      expect(Object.keys(res.body).sort()).toEqual(['budgets', 'emergency', 'proyects', 'timelines']);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });

    it('answers HEAD without a body', async () => {
      const res = await fetch(`${t.url}/api/webSite/contactFormSelects`, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    });
  });

  describe('POST /api/webSite/scheduleAvailable', () => {
    it('lists the open one-hour slots of a weekday', async () => {
      const res = await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-25' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        schedule: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'],
      });
    });

    it('gives an empty list for a weekend or a rest day', async () => {
      expect((await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-28' })).body).toEqual({ schedule: [] });
      expect((await t.post('/api/webSite/scheduleAvailable', { date: '2026-12-25' })).body).toEqual({ schedule: [] });
    });

    it('rejects a missing or malformed date with 422', async () => {
      const missing = await t.post('/api/webSite/scheduleAvailable', {});
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ date: 'Este campo es obligatorio' });
      const bad = await t.post('/api/webSite/scheduleAvailable', { date: '25/11/2026' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ date: 'La fecha no es válida (formato AAAA-MM-DD)' });
    });
  });

  describe('submissions', () => {
    const cases = [
      ['contactSmall', VALID.small, 1, undefined],
      ['contactBig', VALID.big, 2, undefined],
      ['contactProyect', VALID.project, 3, undefined],
      ['contactConsultancy', VALID.cloud, 4, 'cloud-migration'],
      ['contactConsultancy', VALID.integrations, 4, 'integrations'],
      ['contactConsultancy', VALID.consulting, 4, 'migration-strategy'],
    ] as const;

    it.each(cases)('%s stores the lead and queues two e-mails (%#)', async (route, body, formType, serviceType) => {
      const before = await t.count('leads');
      const res = await t.post(`/api/webSite/${route}`, body, {
        Referer: 'https://www.angram.mx/contacto?utm_source=x',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        message: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
      });
      const id = res.body.id as number;
      expect(res.body.reference).toBe(`CONT-${id}`);
      expect(await t.count('leads')).toBe(before + 1);

      const [lead] = await t.rows<Record<string, string | number | null>>('SELECT * FROM leads WHERE id = $1', id);
      expect(lead).toMatchObject({
        form_type: formType,
        service_type: serviceType ?? null,
        name: body.name,
        email: body.email,
      });
      expect(lead?.origin_page).toBe('/contacto');
      expect(Date.parse(String(lead?.received_at))).toBe(Date.parse('2026-11-23T14:00:00.000Z'));
      // A keyed hash, never the raw loopback address.
      expect(lead?.client_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(lead)).not.toContain('127.0.0.1');
      const fields = JSON.parse(String(lead?.fields)) as Record<string, string>;
      for (const [key, value] of Object.entries(body)) {
        if (key !== 'phone') expect(fields[key]).toBe(value);
      }

      const outbox = await t.rows<{ audience: string; recipient: string; subject: string }>(
        'SELECT audience, recipient, subject FROM outbox WHERE lead_id = $1 ORDER BY id',
        id,
      );
      expect(outbox.map((row) => [row.audience, row.recipient])).toEqual([
        ['client', body.email],
        ['internal', 'ventas@angram.mx'],
      ]);
    });

    it('normalises the phone before storing it', async () => {
      const res = await t.post('/api/webSite/contactBig', { ...VALID.big, phone: '(81) 8765-4321' });
      const [lead] = await t.rows<{ phone: string }>('SELECT phone FROM leads WHERE id = $1', res.body.id as number);
      expect(lead?.phone).toBe('+528187654321');
    });

    it("records 'Desconocida' when the browser sends no Referer", async () => {
      const res = await t.post('/api/webSite/contactSmall', VALID.small);
      const [lead] = await t.rows<{ origin_page: string }>(
        'SELECT origin_page FROM leads WHERE id = $1',
        res.body.id as number,
      );
      expect(lead?.origin_page).toBe('Desconocida');
    });

    it('books the meeting with the lead', async () => {
      const res = await t.post('/api/webSite/contactProyect', { ...VALID.project, appointmentDate: OPEN_SLOT });
      expect(res.status).toBe(201);
      const bookings = await t.rows<{ slot: string; starts_at: string; lead_id: number }>(
        'SELECT slot, starts_at, lead_id FROM bookings',
      );
      expect(bookings).toEqual([{ slot: OPEN_SLOT, starts_at: '2026-11-24T16:00:00.000Z', lead_id: res.body.id }]);
      const schedule = await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-24' });
      expect(schedule.body.schedule).not.toContain('10:00');
      expect(schedule.body.schedule).toHaveLength(8);
    });
  });

  describe('routing', () => {
    it('answers unknown routes with 404 JSON in Spanish', async () => {
      const res = await t.request('/api/webSite/contactHuge');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'La ruta solicitada no existe.' });
    });

    it('answers a wrong method with 405 and Allow', async () => {
      const res = await t.request('/api/webSite/contactSmall');
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect(res.body.message).toBe('Método no permitido para esta ruta.');
      const selects = await t.request('/api/webSite/contactFormSelects', { method: 'POST' });
      expect(selects.status).toBe(405);
      expect(selects.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    });

    it('has a health check', async () => {
      expect((await t.request('/api/health')).body).toEqual({ status: 'ok' });
    });

    it('is ready while its database answers, and not once it drains for a shutdown', async () => {
      const ready = await t.request('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready' });
      expect(ready.headers.get('cache-control')).toBe('no-store');
      t.api.drain();
      const draining = await t.request('/api/ready');
      expect(draining.status).toBe(503);
      expect(draining.body).toEqual({
        success: false,
        message: 'El servicio se está reiniciando. Intenta de nuevo en unos segundos.',
      });
      // Liveness is another question: the process still answers.
      expect((await t.request('/api/health')).status).toBe(200);
    });

    it('is not ready when its database does not answer', async () => {
      const lost = await startTestApi({}, { engine });
      try {
        await lost.storage.close();
        const res = await lost.request('/api/ready');
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          success: false,
          message: 'El servicio no está listo: no hay conexión con la base de datos.',
        });
      } finally {
        await lost.dispose();
      }
    });
  });
});
