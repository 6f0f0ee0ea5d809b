import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSelects } from '../../../core/api/answers.ts';
import { loadContentFacts } from '../../../core/content/load.ts';
import { servedLists } from '../../../core/forms/options.ts';
import { fetchSchedule, fetchSelects, submitLead } from './website.ts';

const CONTACT_FORM_SELECTS = servedLists(loadContentFacts().lists);

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(status: number, body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    urls.push(input instanceof Request ? input.url : input.toString());
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  return urls;
}

describe('webSite calls', () => {
  it('the shipped fallback options are a complete contactFormSelects answer', () => {
    expect(readSelects(CONTACT_FORM_SELECTS)).toEqual(CONTACT_FORM_SELECTS);
  });

  it('scheduleAvailable yields the list of times', async () => {
    const urls = stubFetch(200, { schedule: ['09:00', '13:00'] });
    expect(await fetchSchedule('2026-11-24')).toEqual({ kind: 'success', status: 200, data: ['09:00', '13:00'] });
    expect(urls).toEqual(['http://localhost:8081/api/webSite/scheduleAvailable']);
  });

  it('a schedule with something that is not a time is refused', async () => {
    stubFetch(200, { schedule: ['9 am'] });
    expect(await fetchSchedule('2026-11-24')).toMatchObject({ kind: 'http-error' });
  });

  it('a submission answers with the reference and the booked meeting', async () => {
    stubFetch(201, {
      success: true,
      message: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
      id: 41,
      reference: 'CONT-41',
      appointmentDate: '2026-11-25T10:00',
    });
    expect(await submitLead('contactSmall', { name: 'Lucía' })).toEqual({
      kind: 'success',
      status: 201,
      data: {
        message: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
        reference: 'CONT-41',
        appointmentDate: '2026-11-25T10:00',
      },
    });
  });

  it("the contract's own answer, 201 {success, message, status}, is a success with nothing more to show", async () => {
    stubFetch(201, { success: true, message: 'Formulario recibido correctamente', status: 201 });
    expect(await submitLead('contactSmall', { name: 'Lucía' })).toEqual({
      kind: 'success',
      status: 201,
      data: { message: 'Formulario recibido correctamente' },
    });
  });

  it('any 2xx that does not say success: false is a success, even an empty or odd body', async () => {
    for (const body of [null, '', 'OK', [], { id: 7 }, { success: 'true' }]) {
      stubFetch(200, body);
      expect(await submitLead('contactSmall', { name: 'Lucía' })).toMatchObject({ kind: 'success' });
    }
    stubFetch(200, { id: 7 });
    expect(await submitLead('contactSmall', { name: 'Lucía' })).toMatchObject({ data: { reference: 'CONT-7' } });
  });

  it('a 2xx that says success: false is a refusal with its message', async () => {
    stubFetch(200, { success: false, message: 'Correo bloqueado' });
    expect(await submitLead('contactSmall', { name: 'Lucía' })).toEqual({
      kind: 'http-error',
      status: 200,
      message: 'Correo bloqueado',
    });
  });

  it('asks for the select options once per page', async () => {
    const urls = stubFetch(200, CONTACT_FORM_SELECTS);
    const [first, second] = await Promise.all([fetchSelects(), fetchSelects()]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ kind: 'success', data: { proyects: CONTACT_FORM_SELECTS.proyects } });
    expect(urls).toEqual(['http://localhost:8081/api/webSite/contactFormSelects']);
  });
});

describe('contactFormSelects from any backend', () => {
  it('reads numeric ids as text and drops nulls', () => {
    expect(
      readSelects({
        proyects: [{ id: 1, proyect: 'Aplicación web' }],
        budgets: [
          { id: 2, range: '$50,000 - $100,000', currency: 'MXN' },
          { id: 3, range: 'Por definir', currency: null },
        ],
        timelines: [{ id: 4, range: '1 a 3 meses', range_time: null }],
        emergency: [{ id: 5, level: 'Alta' }],
      }),
    ).toEqual({
      proyects: [{ id: '1', proyect: 'Aplicación web' }],
      budgets: [
        { id: '2', range: '$50,000 - $100,000', currency: 'MXN' },
        { id: '3', range: 'Por definir' },
      ],
      timelines: [{ id: '4', range: '1 a 3 meses' }],
      emergency: [{ id: '5', level: 'Alta' }],
    });
  });

  it('keeps each list that reads and leaves out the unusable ones', () => {
    expect(
      readSelects({
        proyects: [{ id: 1, proyect: 'Web' }],
        budgets: 'nada',
        timelines: [],
        emergency: [{ level: 'Alta' }],
      }),
    ).toEqual({
      proyects: [{ id: '1', proyect: 'Web' }],
    });
    expect(readSelects('<html>')).toEqual({});
  });
});
