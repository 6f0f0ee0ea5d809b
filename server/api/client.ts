/**
 * Facts about the requesting client: its address (behind `TRUST_PROXY` proxies, from X-Forwarded-For),
 * which is only ever kept as a keyed hash, and the page the form was sent from.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LEAD_FALLBACKS } from '../lead/model.ts';

const UNKNOWN_PAGE = LEAD_FALLBACKS.unknown;

/**
 * The client address. With `trustedHops` proxies in front, each appends the address it saw to
 * X-Forwarded-For, so the client is the entry `trustedHops` from the right; anything further left
 * could be forged by the client itself.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const socketAddress = req.socket.remoteAddress ?? 'desconocida';
  if (trustedHops <= 0) return socketAddress;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[entries.length - trustedHops] ?? entries[0] ?? socketAddress;
}

export function hashAddress(address: string, salt: string): string {
  return createHmac('sha256', salt).update(address).digest('hex');
}

/** Path of the Referer (no host, no query: it may carry personal data), or 'Desconocida'. */
export function originPage(req: IncomingMessage): string {
  const referer = req.headers.referer;
  if (!referer || !URL.canParse(referer)) return UNKNOWN_PAGE;
  const path = new URL(referer).pathname;
  return path.slice(0, 255) || UNKNOWN_PAGE;
}
