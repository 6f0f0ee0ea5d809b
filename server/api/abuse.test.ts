import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SLOT, startTestApi, VALID, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { contactDetails } from '../../core/contact.ts';
import { loadContentFacts } from '../../core/content/load.ts';

describe.each(TEST_ENGINES)('honeypot and rate limit (%s)', (engine) => {
  describe('honeypot', () => {
    let t: TestApi;
    beforeAll(async () => {
      t = await startTestApi({}, { engine });
    });
    afterAll(async () => {
      await t.dispose();
    });

    it('answers a filled honeypot exactly like a success but stores and sends nothing', async () => {
      const real = await t.post('/api/webSite/contactSmall', VALID.small);
      expect(real.status).toBe(201);
      const bot = await t.post('/api/webSite/contactBig', {
        ...VALID.big,
        website: 'http://spam.example',
        appointmentDate: OPEN_SLOT,
      });
      expect(bot.status).toBe(201);
      expect(Object.keys(bot.body).sort()).toEqual(Object.keys(real.body).sort());
      expect(bot.body).toMatchObject({ success: true, message: real.body.message });
      expect(bot.body.id).toBe((real.body.id as number) + 1);
      expect(bot.body.reference).toBe(`CONT-${String(bot.body.id)}`);
      expect(await t.count('leads')).toBe(1);
      expect(await t.count('bookings')).toBe(0);
      expect(await t.count('outbox')).toBe(2);
    });

    it('ignores an empty honeypot (humans leave it blank)', async () => {
      const res = await t.post('/api/webSite/contactSmall', { ...VALID.small, website: '' });
      expect(res.status).toBe(201);
      expect(await t.count('leads')).toBe(2);
    });
  });

  describe('rate limit', () => {
    let t: TestApi;
    const logged: Array<{ event: string; details: Record<string, unknown> | undefined }> = [];
    const remember = (event: string, details?: Record<string, unknown>) => logged.push({ event, details });
    beforeAll(async () => {
      t = await startTestApi(
        { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '600000' },
        { engine, logger: { info: remember, warn: remember, error: remember } },
      );
    });
    afterAll(async () => {
      await t.dispose();
    });

    it('answers 429 with Retry-After after too many submissions from one address', async () => {
      // Rejected submissions do not count: fixing a typo never locks a visitor out.
      expect((await t.post('/api/webSite/contactSmall', { ...VALID.small, email: 'mal' })).status).toBe(422);
      for (let index = 0; index < 3; index += 1) {
        expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
      }
      const res = await t.post('/api/webSite/contactBig', VALID.big);
      expect(res.status).toBe(429);
      // The refusal names the two channels that reach the team without waiting.
      const contact = contactDetails(loadContentFacts().contact);
      expect(res.body).toEqual({
        success: false,
        message: `Has enviado varias solicitudes seguidas. Intenta de nuevo en 10 minutos, o escríbenos ahora por WhatsApp (wa.me/${contact.whatsappNumber}) o a ${contact.email}.`,
      });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await t.count('leads')).toBe(3);
      // Whoever hits it while testing by hand reads in the server's log which setting to change.
      expect(logged.find((entry) => entry.event === 'submission.rate_limited')?.details).toMatchObject({
        limit: 3,
        hint: expect.stringContaining('RATE_LIMIT_MAX') as unknown,
      });
    });

    it('does not count reading the options or the schedule against the submissions', async () => {
      expect((await t.request('/api/webSite/contactFormSelects')).status).toBe(200);
      expect((await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-24' })).status).toBe(200);
    });
  });

  describe('booking quotas and the schedule limit', () => {
    let t: TestApi;
    beforeAll(async () => {
      t = await startTestApi(
        { BOOKING_LIMIT_PER_DAY: '2', SCHEDULE_RATE_LIMIT_MAX: '3', TRUST_PROXY: '1' },
        { engine },
      );
    });
    afterAll(async () => {
      await t.dispose();
    });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const book = (time: string, email: string, address: string) =>
      t.post('/api/webSite/contactBig', { ...VALID.big, email, appointmentDate: `2026-11-25T${time}` }, from(address));

    it('lets one address book two meetings a day, whatever e-mails it uses', async () => {
      expect((await book('09:00', 'uno@empresa.mx', '198.51.100.1')).status).toBe(201);
      expect((await book('10:00', 'dos@empresa.mx', '198.51.100.1')).status).toBe(201);
      const third = await book('11:00', 'tres@empresa.mx', '198.51.100.1');
      expect(third.status).toBe(429);
      expect(third.body).toEqual({
        success: false,
        message:
          'Solo se pueden agendar 2 reuniones al día por persona. Si necesitas otra, escríbenos a hola@angram.mx y la agendamos contigo.',
      });
      // Still free for everyone else, and a message without a meeting is still welcome.
      expect(
        (await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-25' }, from('198.51.100.9'))).body.schedule,
      ).toContain('11:00');
      expect((await t.post('/api/webSite/contactSmall', VALID.small, from('198.51.100.1'))).status).toBe(201);
    });

    it('lets one e-mail book two meetings a day, from whatever addresses', async () => {
      expect((await book('12:00', 'Ana@Cliente.mx', '198.51.100.2')).status).toBe(201);
      expect((await book('13:00', 'ana@cliente.mx', '198.51.100.3')).status).toBe(201);
      expect((await book('14:00', 'ANA@cliente.mx', '198.51.100.4')).status).toBe(429);
      expect((await book('14:00', 'otra@cliente.mx', '198.51.100.4')).status).toBe(201);
      expect(await t.count('bookings')).toBe(5);
    });

    it('limits scheduleAvailable per address with a Spanish 429', async () => {
      for (let index = 0; index < 3; index += 1) {
        expect(
          (await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-26' }, from('198.51.100.20'))).status,
        ).toBe(200);
      }
      const res = await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-26' }, from('198.51.100.20'));
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        success: false,
        message: 'Consultaste los horarios demasiadas veces seguidas. Intenta de nuevo en 10 minutos.',
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(
        (await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-26' }, from('198.51.100.21'))).status,
      ).toBe(200);
    });
  });
});

describe('CORS', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t.dispose();
  });
  afterEach(async () => {
    expect(await t.count('leads')).toBeLessThanOrEqual(1);
  });

  it('allows the site origin, with a preflight', async () => {
    const preflight = await fetch(`${t.url}/api/webSite/contactSmall`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://www.angram.mx',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://www.angram.mx');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Content-Type, X-Privacy-Refusals, X-Lead-Attribution, X-Meeting-Token',
    );

    const res = await t.post('/api/webSite/contactSmall', VALID.small, { Origin: 'https://www.angram.mx' });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.angram.mx');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('refuses any other origin, preflight or not, and stores nothing', async () => {
    const preflight = await fetch(`${t.url}/api/webSite/contactSmall`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const res = await t.post('/api/webSite/contactSmall', VALID.small, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: 'Origen no permitido.' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // The Astro dev server is not allowed outside development.
    const dev = await t.post('/api/webSite/contactSmall', VALID.small, { Origin: 'http://localhost:4321' });
    expect(dev.status).toBe(403);
  });

  it('serves same-origin requests (the API behind the site domain) without CORS headers', async () => {
    const res = await t.request('/api/webSite/contactFormSelects', { headers: { Origin: t.url } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS in development', () => {
  it('also allows the Astro dev server origin', async () => {
    const t = await startTestApi({ NODE_ENV: 'development' });
    try {
      const res = await t.request('/api/webSite/contactFormSelects', { headers: { Origin: 'http://localhost:4321' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    } finally {
      await t.dispose();
    }
  });
});
