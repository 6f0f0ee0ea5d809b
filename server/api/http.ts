/** Reading requests and writing JSON answers, with the API's limits. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MESSAGES } from './messages.ts';

export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The client went away before its body arrived: there is nobody to answer. */
export class ClientGoneError extends Error {
  override name = 'ClientGoneError';
}

/** An answer decided while reading the request (wrong type, too large, bad JSON). */
export class RequestError extends Error {
  readonly response: ApiResponse;
  /** Close the connection after answering: the rest of the body was not read. */
  readonly closeConnection: boolean;
  constructor(response: ApiResponse, closeConnection = false) {
    super(
      typeof response.body === 'object' && response.body !== null
        ? String((response.body as { message?: unknown }).message)
        : 'error',
    );
    this.response = response;
    this.closeConnection = closeConnection;
  }
}

export const failure = (status: number, message: string, headers?: Record<string, string>): ApiResponse => ({
  status,
  body: { success: false, message },
  ...(headers ? { headers } : {}),
});

/** How much of an oversized body is read and thrown away so the client still gets its 413. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

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

/** Discards the rest of a request; gives up (and drops the connection) past `DRAIN_LIMIT_BYTES`. */
function drain(req: IncomingMessage, alreadyRead: number): Promise<boolean> {
  return new Promise((resolve) => {
    let read = alreadyRead;
    if (req.readableEnded) {
      resolve(true);
      return;
    }
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) {
        req.off('data', onData);
        req.pause();
        resolve(false);
      }
    };
    req.on('data', onData);
    req.once('end', () => resolve(true));
    req.once('error', () => resolve(false));
    req.once('close', () => resolve(req.readableEnded));
  });
}

/**
 * Reads a JSON request body of at most `limit` bytes without ever holding more than that in memory.
 * Throws `RequestError` 415 (not JSON), 413 (too large) or 400 (malformed JSON, or not an object).
 */
export async function readJsonObject(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const contentType = judgeContentType(req.headers['content-type']);
  if (contentType !== 'json') {
    const drained = await drain(req, 0);
    const message = contentType === 'wrong-charset' ? MESSAGES.unsupportedCharset : MESSAGES.unsupportedMediaType;
    throw new RequestError(failure(415, message), !drained);
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    const drained = declared <= DRAIN_LIMIT_BYTES ? await drain(req, 0) : false;
    throw new RequestError(failure(413, MESSAGES.payloadTooLarge), !drained);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = await new Promise<boolean>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop buffering: what was kept is released and the rest is only counted.
        chunks.length = 0;
        req.off('data', onData);
        req.off('end', onEnd);
        resolve(true);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(false);
    req.on('data', onData);
    req.on('end', onEnd);
    req.once('error', () => reject(new ClientGoneError('La conexión se cerró antes de recibir la solicitud')));
    req.once('close', () => {
      if (!req.readableEnded) reject(new ClientGoneError('La conexión se cerró antes de recibir la solicitud'));
    });
  });
  if (tooLarge) {
    const drained = await drain(req, size);
    throw new RequestError(failure(413, MESSAGES.payloadTooLarge), !drained);
  }
  let text: string;
  try {
    // Fatal: bytes that are not UTF-8 are refused, never stored as replacement characters.
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
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

export function writeJson(
  res: ServerResponse,
  response: ApiResponse,
  extraHeaders: Record<string, string> = {},
  closeConnection = false,
): Promise<void> {
  // 204 and 304 carry no body (a 304 keeps the validators and caching headers of its 200).
  const bodyless = response.status === 204 || response.status === 304;
  const payload = bodyless ? '' : JSON.stringify(response.body);
  const headers: Record<string, string | number> = {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
    ...response.headers,
  };
  if (!bodyless) {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = Buffer.byteLength(payload);
  }
  if (closeConnection) headers.Connection = 'close';
  return new Promise((resolve) => {
    // 'close' also settles it: a client that hung up never gets the end callback.
    res.once('close', () => resolve());
    res.writeHead(response.status, headers);
    res.end(payload, () => {
      if (closeConnection) res.req.socket.destroySoon();
      resolve();
    });
  });
}
