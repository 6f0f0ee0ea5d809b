/**
 * The one way the site talks to the lead API: `POST {base}{group}/{action}` with a JSON
 * object body and `GET {base}{group}/{action}`. Every answer comes back as an `ApiResult`, a discriminated
 * union the islands switch on, so no component ever reads a status code or parses a body itself.
 */
import { PUBLIC_API_BASE } from 'astro:env/client';
import type { z } from 'zod/mini';
import { failureAnswer } from '../../../core/api/answers.ts';
import { resolveApiBase } from './base.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;

/** Thrown (as a rejected promise) when a caller passes anything but a plain object as the body. */
export const NOT_AN_OBJECT_MESSAGE = 'El parámetro data debe ser un objeto';

export { resolveApiBase };

export type ApiResult<T> =
  /** 2xx with a body of the expected shape. */
  | { kind: 'success'; status: number; data: T }
  /** 422: the server named the fields it refused. */
  | { kind: 'validation'; status: 422; message: string; errors: Record<string, string> }
  /** 409: the meeting slot was booked by someone else a moment ago. */
  | { kind: 'conflict'; status: 409; message: string }
  /** 429: too many submissions from this address; `retryAfterSeconds` from the `Retry-After` header. */
  | { kind: 'rate-limited'; status: 429; message: string; retryAfterSeconds: number | undefined }
  /** Any other status, or a 2xx whose body is not what the call promises. */
  | { kind: 'http-error'; status: number; message: string }
  /** No answer: the network failed, the timeout passed, or the caller aborted. */
  | { kind: 'network-error'; reason: 'unreachable' | 'timeout' | 'aborted' };

export interface CallOptions<T> {
  /** Shape of a successful answer; without it `data` is the parsed JSON, typed `unknown`. */
  answer?: z.ZodMiniType<T>;
  /** Abort after this many milliseconds (default 15 s). */
  timeoutMs?: number;
  /** The caller's own cancellation (a newer request made this one pointless). */
  signal?: AbortSignal;
  /** Extra request headers: what the product sends besides the contract's JSON keys, which stay exactly the API's. */
  headers?: Readonly<Record<string, string>>;
}

export interface ApiClientConfig {
  base: string;
  timeoutMs?: number;
  /** Injected by tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  post<T = unknown>(group: string, action: string, data: unknown, options?: CallOptions<T>): Promise<ApiResult<T>>;
  get<T = unknown>(group: string, action: string, options?: CallOptions<T>): Promise<ApiResult<T>>;
}

const UNEXPECTED_ANSWER = 'Respuesta inesperada del servidor';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function retryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** Turns a status and a body into the union; exported for the tests. */
export function interpretAnswer<T>(
  status: number,
  body: unknown,
  answer: z.ZodMiniType<T> | undefined,
  retryAfterHeader: string | null = null,
): ApiResult<T> {
  if (status >= 200 && status < 300) {
    if (!answer) return { kind: 'success', status, data: body as T };
    const parsed = answer.safeParse(body);
    return parsed.success
      ? { kind: 'success', status, data: parsed.data }
      : { kind: 'http-error', status, message: UNEXPECTED_ANSWER };
  }
  const failure = failureAnswer.safeParse(body);
  const message = (failure.success ? failure.data.message : undefined) ?? '';
  if (status === 422)
    return { kind: 'validation', status, message, errors: (failure.success ? failure.data.errors : undefined) ?? {} };
  if (status === 409) return { kind: 'conflict', status, message };
  if (status === 429) return { kind: 'rate-limited', status, message, retryAfterSeconds: retryAfter(retryAfterHeader) };
  return { kind: 'http-error', status, message };
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const send = async <T>(method: 'GET' | 'POST', path: string, body: string | undefined, options: CallOptions<T>) => {
    const fetchImpl = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
    try {
      const response = await fetchImpl(`${config.base}${path}`, {
        method,
        headers: {
          ...options.headers,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body,
        signal,
      });
      // The body is read under the same signal: a server that stalls mid-answer also times out.
      const text = await response.text();
      return interpretAnswer(response.status, parseJson(text), options.answer, response.headers.get('Retry-After'));
    } catch {
      const reason = timeout.signal.aborted ? 'timeout' : options.signal?.aborted ? 'aborted' : 'unreachable';
      return { kind: 'network-error', reason } satisfies ApiResult<T>;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async post<T = unknown>(group: string, action: string, data: unknown, options: CallOptions<T> = {}) {
      if (!isPlainObject(data)) throw new TypeError(NOT_AN_OBJECT_MESSAGE);
      return send<T>('POST', `${group}/${action}`, JSON.stringify(data), options);
    },
    async get<T = unknown>(group: string, action: string, options: CallOptions<T> = {}) {
      return send<T>('GET', `${group}/${action}`, undefined, options);
    },
  };
}

/** The site's client: base from `PUBLIC_API_BASE`, else the dev API on 8081 or `/api/` in the build. */
export const apiClient = createApiClient({ base: resolveApiBase(PUBLIC_API_BASE, import.meta.env.DEV) });

export const post: ApiClient['post'] = (group, action, data, options) => apiClient.post(group, action, data, options);
export const get: ApiClient['get'] = (group, action, options) => apiClient.get(group, action, options);
