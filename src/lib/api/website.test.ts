import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectsAnswer } from '../../../core/api/answers.ts';
import { loadContentFacts } from '../../../core/content/load.ts';
import { servedLists } from '../../../core/forms/options.ts';
import { fetchSchedule, fetchSelects, submitLead } from './website.ts';

const CONTACT_FORM_SELECTS = servedLists(loadContentFacts().lists);

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(status: number, body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return urls;
}

describe('webSite calls', () => {
  it('the shipped fallback options are a valid contactFormSelects answer', () => {
    expect(selectsAnswer.safeParse(CONTACT_FORM_SELECTS).success).toBe(true);
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

  it('a submission answers with the reference', async () => {
    stubFetch(201, {
      success: true,
      message: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
      id: 41,
      reference: 'CONT-41',
    });
    expect(await submitLead('contactSmall', { name: 'Lucía' })).toMatchObject({
      kind: 'success',
      data: { id: 41, reference: 'CONT-41' },
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
