import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, VALID, waitFor, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';

describe.each(TEST_ENGINES)('validation (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });
  // Whatever was wrong, nothing may have been stored.
  afterEach(async () => {
    expect(await t.count('leads')).toBe(0);
    expect(await t.count('bookings')).toBe(0);
    expect(await t.count('outbox')).toBe(0);
  });

  const FORM_ERROR = 'Error al enviar el formulario: revisa los campos marcados.';

  async function expect422(route: string, body: unknown, errors: Record<string, string>): Promise<void> {
    const res = await t.post(`/api/webSite/${route}`, body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: FORM_ERROR, errors });
  }

  describe('field validation answers 422 with a Spanish message per field', () => {
    it('missing required fields', async () => {
      await expect422(
        'contactSmall',
        {},
        {
          name: 'Este campo es obligatorio',
          email: 'Este campo es obligatorio',
          message: 'Este campo es obligatorio',
        },
      );
      await expect422(
        'contactProyect',
        { ...VALID.project, company: '  ', urgency: '' },
        {
          company: 'Este campo es obligatorio',
          urgency: 'Este campo es obligatorio',
        },
      );
      await expect422(
        'contactConsultancy',
        { ...VALID.cloud, goals: undefined },
        { goals: 'Este campo es obligatorio' },
      );
      await expect422(
        'contactConsultancy',
        { ...VALID.integrations, integrationType: undefined },
        {
          integrationType: 'Este campo es obligatorio',
        },
      );
    });

    it('wrong types', async () => {
      await expect422(
        'contactSmall',
        { ...VALID.small, name: 42, message: ['hola'] },
        {
          name: 'Este campo debe ser texto',
          message: 'Este campo debe ser texto',
        },
      );
      await expect422(
        'contactBig',
        { ...VALID.big, projectType: 3 },
        { projectType: 'Selecciona una opción de la lista' },
      );
    });

    it('too long', async () => {
      await expect422(
        'contactSmall',
        { ...VALID.small, company: 'x'.repeat(256) },
        { company: 'Máximo 255 caracteres' },
      );
      await expect422(
        'contactBig',
        { ...VALID.big, message: 'x'.repeat(5001) },
        { message: 'Máximo 5,000 caracteres' },
      );
    });

    it('text PostgreSQL cannot store (half an emoji, NUL): the same 422 on both engines, nothing stored', async () => {
      const broken =
        'El texto tiene un carácter incompleto (por ejemplo, un emoji cortado) que no se puede guardar; bórralo y vuelve a escribirlo';
      // Sent as raw JSON: the escapes reach the server as they would from any client.
      for (const [body, errors] of [
        ['{"name":"Ana \\ud800","email":"ana@empresa.mx","message":"Hola"}', { name: broken }],
        ['{"name":"Ana","email":"ana@empresa.mx","message":"Hola \\udc00 equipo"}', { message: broken }],
        ['{"name":"Ana","email":"ana@empresa.mx","company":"\\ud83d","message":"Hola"}', { company: broken }],
        [
          '{"name":"Ana\\u0000","email":"ana@empresa.mx","message":"Hola"}',
          { name: 'Escribe este dato en una sola línea, sin saltos de línea ni caracteres de control' },
        ],
        [
          '{"name":"Ana","email":"ana@empresa.mx","message":"Hola\\u0000"}',
          { message: 'El texto tiene caracteres de control que no se pueden guardar; bórralos y vuelve a escribirlo' },
        ],
      ] as const) {
        const res = await t.post('/api/webSite/contactSmall', body, {}, true);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ success: false, message: FORM_ERROR, errors });
      }
    });

    it('bad e-mail', async () => {
      for (const email of ['lucia', 'lucia@', '@ferremax.mx', 'lucia@ferremax', 'lucía @ferremax.mx']) {
        await expect422('contactSmall', { ...VALID.small, email }, { email: 'El correo electrónico no es válido' });
      }
    });

    it('bad phone', async () => {
      const message = 'Ingresa un teléfono de 10 dígitos (puedes anteponer +52)';
      for (const phone of ['0187654321', '818765432', '81876543210', '+1 818 765 4321', 'ochenta y uno']) {
        await expect422('contactBig', { ...VALID.big, phone }, { phone: message });
      }
      await expect422('contactProyect', { ...VALID.project, phone: '12345' }, { phone: message });
    });

    it('unknown option ids', async () => {
      await expect422(
        'contactBig',
        { ...VALID.big, budget: 'un-millon' },
        { budget: 'Selecciona una opción de la lista' },
      );
      await expect422(
        'contactConsultancy',
        { ...VALID.cloud, serviceType: 'astrologia' },
        {
          serviceType: 'Selecciona un tipo de servicio de la lista',
        },
      );
      // Budgets of one form are not valid in another.
      await expect422(
        'contactConsultancy',
        { ...VALID.cloud, budget: '100k-300k' },
        { budget: 'Selecciona una opción de la lista' },
      );
    });

    it('bad date format', async () => {
      const message = 'La fecha de la reunión no es válida (formato AAAA-MM-DDTHH:mm)';
      for (const appointmentDate of [
        '24/11/2026 10:00',
        '2026-11-24',
        '2026-11-31T10:00',
        '2026-11-24T10:00:00Z',
        20261124,
      ]) {
        await expect422('contactSmall', { ...VALID.small, appointmentDate }, { appointmentDate: message });
      }
    });

    it.each([
      ['2026-11-28T10:00', 'Agendamos reuniones de lunes a viernes; elige un día hábil'],
      ['2026-12-25T10:00', 'Ese día es feriado oficial en México; elige otro día'],
      ['2026-11-23T07:00', 'Elige un horario entre las 09:00 y las 17:00 (hora de la Ciudad de México)'],
      ['2026-11-20T10:00', 'Ese horario ya pasó; elige uno posterior'],
      ['2027-02-10T10:00', 'Solo agendamos reuniones dentro de los próximos 60 días'],
      ['2026-11-24T18:00', 'Elige un horario entre las 09:00 y las 17:00 (hora de la Ciudad de México)'],
      ['2026-11-24T10:30', 'Elige un horario entre las 09:00 y las 17:00 (hora de la Ciudad de México)'],
    ])('unavailable slot %s', async (appointmentDate, message) => {
      await expect422('contactBig', { ...VALID.big, appointmentDate }, { appointmentDate: message });
    });
  });

  describe('malformed requests', () => {
    it.each([
      ['an array', '[{"name":"Ana"}]', 'El parámetro de datos debe ser un objeto.'],
      ['a string', '"hola"', 'El parámetro de datos debe ser un objeto.'],
      ['a number', '42', 'El parámetro de datos debe ser un objeto.'],
      ['null', 'null', 'El parámetro de datos debe ser un objeto.'],
      ['malformed JSON', '{"name": "Ana",', 'El cuerpo de la solicitud no es JSON válido.'],
      ['an empty body', '', 'El cuerpo de la solicitud no es JSON válido.'],
    ])('400 for %s', async (_, raw, message) => {
      const res = await t.post('/api/webSite/contactSmall', raw, {}, true);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });

    it('413 for a 40 KB body', async () => {
      const res = await t.post('/api/webSite/contactSmall', { ...VALID.small, message: 'x'.repeat(40 * 1024) });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ success: false, message: 'La solicitud es demasiado grande: el máximo es de 32 KB.' });
    });

    it('413 for a chunked 40 KB body without Content-Length, read only up to the limit', async () => {
      const chunk = new TextEncoder().encode(`{"message":"${'x'.repeat(40 * 1024)}"}`);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < chunk.length; offset += 4096)
            controller.enqueue(chunk.slice(offset, offset + 4096));
          controller.close();
        },
      });
      const res = await fetch(`${t.url}/api/webSite/contactSmall`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
    });

    it('415 for another content type', async () => {
      const form = await fetch(`${t.url}/api/webSite/contactSmall`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=Ana&email=ana%40x.mx&message=hola',
      });
      expect(form.status).toBe(415);
      expect(await form.json()).toEqual({
        success: false,
        message: 'El contenido debe enviarse como JSON (Content-Type: application/json).',
      });
      const text = await fetch(`${t.url}/api/webSite/contactSmall`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: '{}',
      });
      expect(text.status).toBe(415);
    });

    it('415 for a charset other than UTF-8, which would be stored garbled', async () => {
      for (const charset of ['latin1', 'ISO-8859-1', 'utf-16']) {
        const res = await t.post('/api/webSite/contactSmall', VALID.small, {
          'Content-Type': `application/json; charset=${charset}`,
        });
        expect(res.status, charset).toBe(415);
        expect(res.body).toEqual({
          success: false,
          message: 'El contenido debe enviarse en UTF-8 (Content-Type: application/json; charset=utf-8).',
        });
      }
    });

    it('400 for bytes that are not UTF-8', async () => {
      const latin1 = Buffer.concat([
        Buffer.from('{"name":"Luc'),
        Buffer.from([0xed]),
        Buffer.from('a","email":"l@x.mx","message":"hola"}'),
      ]);
      const res = await fetch(`${t.url}/api/webSite/contactSmall`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: latin1,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        message: 'El cuerpo de la solicitud no es texto UTF-8 válido.',
      });
    });

    it('accepts application/json with a UTF-8 charset, however it is written', async () => {
      const quoted = await t.post(
        '/api/webSite/contactSmall',
        {},
        { 'Content-Type': 'application/json; charset="UTF-8"' },
      );
      expect(quoted.status).toBe(422);
    });

    it('accepts application/json with a charset', async () => {
      // Still invalid as a form, but past the content-type check.
      const res = await t.post('/api/webSite/contactSmall', {}, { 'Content-Type': 'application/json; charset=utf-8' });
      expect(res.status).toBe(422);
    });

    it('survives a client that hangs up halfway through its body', async () => {
      const { hostname, port } = new URL(t.url);
      const socket = connect(Number(port), hostname);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      });
      socket.write(
        'POST /api/webSite/contactSmall HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":"Ana",',
      );
      await waitFor(() => t.inFlight() === 1, 'the server to start reading the request');
      socket.destroy();
      // The handler of the abandoned request finishes instead of waiting forever, and the API keeps answering.
      await waitFor(() => t.inFlight() === 0, 'the abandoned request to be dropped');
      expect((await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-24' })).status).toBe(200);
    });
  });
});
