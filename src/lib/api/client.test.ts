import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { API_BASE_PATH as PRODUCTION_API_BASE, DEV_API_BASE } from '../../../core/api/routes.ts';
import { createApiClient, interpretAnswer, NOT_AN_OBJECT_MESSAGE, post, resolveApiBase } from './client.ts';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that records its calls and answers with `status` and `body`. */
function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Call[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init: init ?? {} });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(new Response(text, { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  };
  return { calls, fetch };
}

/** A fetch that never answers: it only rejects when its signal aborts, as the real one does. */
const silentFetch = (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

const created = {
  success: true,
  message: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
  id: 7,
  reference: 'CONT-7',
};
const createdAnswer = z.object({ success: z.literal(true), id: z.number(), reference: z.string() });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveApiBase', () => {
  it('uses PUBLIC_API_BASE when set, always ending in a slash', () => {
    expect(resolveApiBase('https://api.angram.mx/api', false)).toBe('https://api.angram.mx/api/');
    expect(resolveApiBase('https://api.angram.mx/api/', true)).toBe('https://api.angram.mx/api/');
    expect(resolveApiBase('  /leads/  ', false)).toBe('/leads/');
  });

  it('falls back to the dev API on 8081 in development and to /api/ in the build', () => {
    expect(resolveApiBase(undefined, true)).toBe('http://localhost:8081/api/');
    expect(resolveApiBase('', true)).toBe(DEV_API_BASE);
    expect(resolveApiBase('   ', false)).toBe('/api/');
    expect(resolveApiBase(undefined, false)).toBe(PRODUCTION_API_BASE);
  });
});

describe('post', () => {
  it('sends the object as JSON to {base}{group}/{action}', async () => {
    const { calls, fetch } = answering(201, created);
    const client = createApiClient({ base: '/api/', fetch });
    const result = await client.post(
      'webSite',
      'contactSmall',
      { name: 'Lucía', website: '' },
      { answer: createdAnswer },
    );
    expect(result).toEqual({ kind: 'success', status: 201, data: { success: true, id: 7, reference: 'CONT-7' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/webSite/contactSmall');
    expect(calls[0]?.init.method).toBe('POST');
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ name: 'Lucía', website: '' });
  });

  it("sends the caller's extra headers beside the JSON body, which keeps its keys, never over its own", async () => {
    const { calls, fetch } = answering(201, created);
    const client = createApiClient({ base: '/api/', fetch });
    await client.post(
      'webSite',
      'contactSmall',
      { name: 'Lucía' },
      { headers: { 'X-Privacy-Refusals': 'boletin', 'Content-Type': 'text/plain' } },
    );
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('X-Privacy-Refusals')).toBe('boletin');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ name: 'Lucía' });
  });

  it.each([
    ['an array', ['Lucía']],
    ['null', null],
    ['a string', 'name=Lucía'],
    ['a number', 42],
    ['undefined', undefined],
    ['a Date', new Date()],
    ['a Map', new Map([['name', 'Lucía']])],
  ])('rejects %s with a Spanish message and sends nothing', async (_label, data) => {
    const { calls, fetch } = answering(201, created);
    const client = createApiClient({ base: '/api/', fetch });
    await expect(client.post('webSite', 'contactSmall', data)).rejects.toThrow(new TypeError(NOT_AN_OBJECT_MESSAGE));
    expect(NOT_AN_OBJECT_MESSAGE).toBe('El parámetro data debe ser un objeto');
    expect(calls).toEqual([]);
  });

  it('uses the development base when PUBLIC_API_BASE is unset', async () => {
    const { calls, fetch } = answering(200, { schedule: [] });
    vi.stubGlobal('fetch', fetch);
    await post('webSite', 'scheduleAvailable', { date: '2026-11-24' });
    expect(calls[0]?.url).toBe('http://localhost:8081/api/webSite/scheduleAvailable');
  });
});

describe('get', () => {
  it('sends a GET without a body', async () => {
    const { calls, fetch } = answering(200, { ok: true });
    const client = createApiClient({ base: 'https://www.angram.mx/api/', fetch });
    expect(await client.get('webSite', 'contactFormSelects')).toEqual({
      kind: 'success',
      status: 200,
      data: { ok: true },
    });
    expect(calls[0]?.url).toBe('https://www.angram.mx/api/webSite/contactFormSelects');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
  });
});

describe('answers', () => {
  const call = async (status: number, body: unknown, headers?: Record<string, string>) =>
    createApiClient({ base: '/api/', fetch: answering(status, body, headers).fetch }).post(
      'webSite',
      'contactBig',
      {},
      { answer: createdAnswer },
    );

  it('a 2xx whose body breaks the promised shape is an http error, not a success', async () => {
    expect(await call(201, { success: true })).toEqual({
      kind: 'http-error',
      status: 201,
      message: 'Respuesta inesperada del servidor',
    });
    expect(await call(200, '<html>cache</html>')).toMatchObject({ kind: 'http-error', status: 200 });
  });

  it('422 carries the field errors', async () => {
    const body = {
      success: false,
      message: 'Error al enviar el formulario: revisa los campos marcados.',
      errors: { email: 'El correo electrónico no es válido' },
    };
    expect(await call(422, body)).toEqual({
      kind: 'validation',
      status: 422,
      message: body.message,
      errors: { email: 'El correo electrónico no es válido' },
    });
    expect(await call(422, { success: false })).toEqual({ kind: 'validation', status: 422, message: '', errors: {} });
  });

  it('409 is a conflict', async () => {
    expect(await call(409, { success: false, message: 'Ese horario acaba de ser reservado por alguien más.' })).toEqual(
      {
        kind: 'conflict',
        status: 409,
        message: 'Ese horario acaba de ser reservado por alguien más.',
      },
    );
  });

  it('429 is rate limited, with Retry-After', async () => {
    expect(
      await call(429, { success: false, message: 'Intenta de nuevo en 3 minutos.' }, { 'Retry-After': '170' }),
    ).toEqual({
      kind: 'rate-limited',
      status: 429,
      message: 'Intenta de nuevo en 3 minutos.',
      retryAfterSeconds: 170,
    });
    expect(interpretAnswer(429, {}, undefined, 'soon')).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: undefined,
    });
  });

  it('any other status is an http error with the server message when there is one', async () => {
    expect(await call(500, { success: false, message: 'Ocurrió un error en el servidor.' })).toEqual({
      kind: 'http-error',
      status: 500,
      message: 'Ocurrió un error en el servidor.',
    });
    expect(await call(502, '<html>Bad gateway</html>')).toEqual({ kind: 'http-error', status: 502, message: '' });
    expect(await call(400, { success: false, message: 'El cuerpo no es JSON válido.' })).toMatchObject({
      kind: 'http-error',
      status: 400,
    });
  });
});

describe('no answer', () => {
  it('a refused connection is unreachable', async () => {
    const client = createApiClient({
      base: '/api/',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await client.post('webSite', 'contactSmall', {})).toEqual({ kind: 'network-error', reason: 'unreachable' });
  });

  it('a server that never answers times out', async () => {
    const client = createApiClient({ base: '/api/', fetch: silentFetch, timeoutMs: 5 });
    expect(await client.post('webSite', 'contactSmall', {})).toEqual({ kind: 'network-error', reason: 'timeout' });
    // The per-call timeout wins over the client's.
    const patient = createApiClient({ base: '/api/', fetch: silentFetch, timeoutMs: 60_000 });
    expect(await patient.get('webSite', 'contactFormSelects', { timeoutMs: 5 })).toEqual({
      kind: 'network-error',
      reason: 'timeout',
    });
  });

  it("the caller's own abort is told apart from a timeout", async () => {
    const client = createApiClient({ base: '/api/', fetch: silentFetch, timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = client.post('webSite', 'scheduleAvailable', { date: '2026-11-24' }, { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ kind: 'network-error', reason: 'aborted' });
  });
});
