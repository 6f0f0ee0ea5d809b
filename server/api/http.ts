/**
 * The API's answers on Fastify: JSON with its fixed headers, request bodies parsed as one JSON object,
 * and the refusals decided while reading a request. Fastify reads and bounds the body (`bodyLimit`);
 * what it refuses is mapped to the Spanish answers here.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from './messages.ts';

export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An answer decided while reading the request (wrong type, too large, bad JSON). */
export class RequestError extends Error {
  readonly response: ApiResponse;
  constructor(response: ApiResponse) {
    super(
      typeof response.body === 'object' && response.body !== null
        ? String((response.body as { message?: unknown }).message)
        : 'error',
    );
    this.response = response;
  }
}

export const failure = (status: number, message: string, headers?: Record<string, string>): ApiResponse => ({
  status,
  body: { success: false, message },
  ...(headers ? { headers } : {}),
});

type ContentTypeVerdict = 'json' | 'not-json' | 'wrong-charset';

/** `application/json`, with no charset or UTF-8 (the only one JSON allows on the wire, RFC 8259). */
export function judgeContentType(header: string | undefined): ContentTypeVerdict {
  if (!header) return 'not-json';
  const [mediaType = '', ...parameters] = header.split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') return 'not-json';
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=', 2).map((part) => part.trim().toLowerCase());
    if (name === 'charset' && !['utf-8', 'utf8'].includes(value.replace(/^"(.*)"$/, '$1'))) return 'wrong-charset';
  }
  return 'json';
}

/**
 * The body Fastify read for an `application/json` request, as one object. Throws `RequestError` 415
 * (a charset other than UTF-8) or 400 (bytes that are not UTF-8, malformed JSON, not an object).
 */
export function parseJsonObject(contentType: string | undefined, raw: Buffer): Record<string, unknown> {
  if (judgeContentType(contentType) === 'wrong-charset')
    throw new RequestError(failure(415, MESSAGES.unsupportedCharset));
  let text: string;
  try {
    // Fatal: bytes that are not UTF-8 are refused, never stored as replacement characters.
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new RequestError(failure(400, MESSAGES.invalidUtf8));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RequestError(failure(400, MESSAGES.malformedJson));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RequestError(failure(400, MESSAGES.notAnObject));
  }
  return value as Record<string, unknown>;
}

/** The JSON object of a POST; a request that sent none (no body, no Content-Type) is refused with 415. */
export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null) throw new RequestError(failure(415, MESSAGES.unsupportedMediaType));
  return body as Record<string, unknown>;
}

/** Fastify's own refusals of a body, as the API's answers. */
export function refusalOf(error: FastifyError): ApiResponse | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return failure(415, MESSAGES.unsupportedMediaType);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return failure(413, MESSAGES.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return failure(400, MESSAGES.malformedJson);
    default:
      return undefined;
  }
}

export function sendJson(reply: FastifyReply, response: ApiResponse, closeConnection = false): FastifyReply {
  reply.code(response.status).headers({
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...response.headers,
  });
  if (closeConnection) reply.header('Connection', 'close');
  // 204 and 304 carry no body (a 304 keeps the validators and caching headers of its 200).
  if (response.status === 204 || response.status === 304) return reply.send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(response.body));
}
