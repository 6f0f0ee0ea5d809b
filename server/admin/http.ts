/**
 * Requests and answers of the inbox: its own headers on every answer (strict CSP, noindex, no-store),
 * HTML and redirects, and the form bodies Fastify read (`application/x-www-form-urlencoded`, bounded in size).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuse, type ApiError } from '../errors.ts';
import { encodePage } from './compression.ts';
import { toHtmlString, type Html } from './html.ts';

/**
 * No script at all, styles only from the inbox's own stylesheet, forms only to this origin, never in a
 * frame. Stricter than the site's: the inbox has no island and no inline anything.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const ADMIN_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': ADMIN_CSP,
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
  // A lead's page must not leak its URL (with a lead id) to a site it links to, e.g. the calendar.
  'Referrer-Policy': 'same-origin',
};

export function sendHtml(
  res: ServerResponse,
  status: number,
  body: Html,
  headers: Record<string, string | string[]> = {},
): void {
  const encoded = encodePage(res.req.headers, Buffer.from(`<!DOCTYPE html>\n${toHtmlString(body)}`, 'utf8'));
  res.writeHead(status, {
    ...ADMIN_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': encoded.body.length,
    ...encoded.headers,
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : encoded.body);
}

/** 303 See Other: after a POST the browser follows with a GET, so a reload never repeats the action. */
export function redirect(res: ServerResponse, location: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(303, { ...ADMIN_HEADERS, Location: location, 'Content-Length': 0, ...headers });
  res.end();
}

export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** A submitted form: first value per name (a repeated name cannot smuggle a second value past checks). */
export type FormFields = ReadonlyMap<string, string>;

/** The forms Fastify read (server/admin/router.ts), by request, until the request is gone. */
const forms = new WeakMap<IncomingMessage, FormFields>();

/** Keeps the form body Fastify read for `req` (`application/x-www-form-urlencoded`, within the limit). */
export function keepForm(req: IncomingMessage, body: string): void {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body)) {
    if (!fields.has(name)) fields.set(name, value);
  }
  forms.set(req, fields);
}

/** The request's form; a request that sent none is refused with 415 (the connection then closes). */
export function readForm(req: IncomingMessage): Promise<FormFields> {
  const form = forms.get(req);
  return form ? Promise.resolve(form) : Promise.reject(refuse('inboxNotAForm'));
}

/**
 * Fastify's refusals of a body as the inbox's: 415 (not a form), 413 (over the limit), 400 (the client
 * left halfway). The rest of a refused body is not read: the answer closes the connection.
 */
export function formRefusal(error: { code?: string }): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refuse('inboxNotAForm');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refuse('inboxFormTooLarge');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'ECONNRESET':
      return refuse('inboxFormCutShort');
    default:
      return undefined;
  }
}

/** A text field with line endings made uniform and outer spaces removed ('' when absent). */
export function field(form: FormFields, name: string): string {
  return (form.get(name) ?? '').replace(/\r\n?/g, '\n').trim();
}
