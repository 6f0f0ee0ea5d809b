/**
 * Requests and answers of the inbox: its own headers on every answer (strict CSP, noindex, no-store),
 * HTML and redirects, and form bodies (`application/x-www-form-urlencoded`, bounded in size).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  /** The body was not read to its end: answer with `Connection: close`. */
  readonly closeConnection: boolean;
  constructor(status: number, message: string, closeConnection = false) {
    super(message);
    this.status = status;
    this.closeConnection = closeConnection;
  }
}

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

function isFormContentType(header: string | undefined): boolean {
  return header?.split(';', 1)[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * Reads a form body; throws `HttpError` 415 (not a form) or 413 (too large). The rest of a refused body
 * is not read: the answer closes the connection instead.
 */
export async function readForm(req: IncomingMessage, limit = FORM_BODY_LIMIT_BYTES): Promise<FormFields> {
  if (!isFormContentType(req.headers['content-type'])) {
    throw new HttpError(415, 'El formulario llegó en un formato que no se acepta.', true);
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    throw new HttpError(413, 'El formulario es demasiado grande.', true);
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.off('data', onData);
        req.pause();
        reject(new HttpError(413, 'El formulario es demasiado grande.', true));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve());
    req.once('error', () => reject(new HttpError(400, 'La conexión se cerró antes de recibir el formulario.', true)));
    req.once('close', () => {
      if (!req.readableEnded) reject(new HttpError(400, 'La conexión se cerró antes de recibir el formulario.', true));
    });
  });
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
    if (!fields.has(name)) fields.set(name, value);
  }
  return fields;
}

/** A text field with line endings made uniform and outer spaces removed ('' when absent). */
export function field(form: FormFields, name: string): string {
  return (form.get(name) ?? '').replace(/\r\n?/g, '\n').trim();
}
