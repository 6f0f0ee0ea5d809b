/**
 * The API's answers on Fastify: JSON with its fixed headers, request bodies parsed as one JSON object,
 * and the one error handler that renders every refusal (server/errors.ts) and hides every other failure
 * behind a generic Spanish 500. Fastify reads and bounds the body (`bodyLimit`); what it refuses is
 * mapped to the registry's refusals here.
 */
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { MESSAGES as FIELD_MESSAGES } from '../../core/forms/schemas.ts';
import { isDatabaseUnavailable } from '../db/storage.ts';
import { ApiError, refuse, refusal, type ApiResponse, type ErrorAnswer } from '../errors.ts';

export type { ApiResponse };
import { errorMessage, type Logger } from '../log/logger.ts';
import { loggableUrl } from '../log/loggable-url.ts';

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
 * The body Fastify read for an `application/json` request, as one object. Throws the refusal 415
 * (a charset other than UTF-8) or 400 (bytes that are not UTF-8, malformed JSON, not an object).
 */
export function parseJsonObject(contentType: string | undefined, raw: Buffer): Record<string, unknown> {
  if (judgeContentType(contentType) === 'wrong-charset') throw refuse('unsupportedCharset');
  let text: string;
  try {
    // Fatal: bytes that are not UTF-8 are refused, never stored as replacement characters.
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw refuse('invalidUtf8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refuse('malformedJson');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refuse('notAnObject');
  }
  return value as Record<string, unknown>;
}

/** The JSON object of a POST; a request that sent none (no body, no Content-Type) is refused with 415. */
export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null) throw refuse('unsupportedMediaType');
  return body as Record<string, unknown>;
}

/** Fastify's own refusals of a body, as the registry's. */
function refusalOf(error: FastifyError): ErrorAnswer | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refusal('unsupportedMediaType');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refusal('payloadTooLarge');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return refusal('malformedJson');
    default:
      return undefined;
  }
}

/**
 * Each refused field's first message, by the field's name (a problem of the whole body under `rootField`),
 * as the schemas' own `fieldErrors` (core/forms/schemas.ts) reports them.
 */
export function issueFields(
  issues: ReadonlyArray<Pick<FastifySchemaValidationError, 'instancePath' | 'message'>>,
  rootField: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues)
    errors[issue.instancePath.split('/')[1] || rootField] ??= issue.message ?? FIELD_MESSAGES.required;
  return errors;
}

/**
 * A body a route's zod schema refused (schedule.ts): 422 with the first message of each field, as the
 * handlers that validate themselves answer; a request that sent no body at all is refused with 415.
 */
function schemaRefusal(request: FastifyRequest, issues: readonly ZodFastifySchemaValidationError[]): ErrorAnswer {
  if (typeof request.body !== 'object' || request.body === null) return refusal('unsupportedMediaType');
  return refusal('validation', { errors: issueFields(issues, '') });
}

/**
 * The API's error handler: a refusal is answered as the registry states it; a database that is away is a
 * 503 the client may retry; anything else is logged and answered with the generic 500, its message and
 * stack kept out of the answer.
 */
export function apiErrorHandler(logger: Logger) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    if (error instanceof ApiError) return sendJson(reply, error.answer);
    // The client went away before its body arrived: there is nobody to answer.
    if (request.raw.destroyed && !request.raw.complete) {
      reply.raw.destroy();
      return undefined;
    }
    if (hasZodFastifySchemaValidationErrors(error)) return sendJson(reply, schemaRefusal(request, error.validation));
    const refused = refusalOf(error as FastifyError);
    if (refused) return sendJson(reply, refused);
    if (isDatabaseUnavailable(error)) {
      logger.warn('api.database_unavailable', { url: loggableUrl(request.url), error: errorMessage(error) });
      return sendJson(reply, refusal('databaseUnavailable'));
    }
    logger.error('api.error', { url: loggableUrl(request.url), error: errorMessage(error) });
    return sendJson(reply, refusal('internal'));
  };
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
