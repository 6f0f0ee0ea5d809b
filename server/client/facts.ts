/**
 * Facts about the requesting client: its address (behind `TRUST_PROXY` proxies, from X-Forwarded-For),
 * which is only ever kept as a keyed hash, and the page the form was sent from.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { addressOfEntry, forwardedFor, trustedHops, type TrustProxy } from './trusted-proxies.ts';
import { LEAD_FALLBACKS } from '../lead/model.ts';
import { LANGUAGE_HEADER, leadLanguage } from '../../core/i18n/lead-language.ts';
import type { Translations } from '../../core/i18n/load.ts';

const UNKNOWN_PAGE = LEAD_FALLBACKS.unknown;

/** An X-Forwarded-For entry that is no address is kept (hashed) at most this long. */
const MAX_ENTRY_LENGTH = 100;

/**
 * The client address. Each trusted proxy in front appends the address it saw to X-Forwarded-For, so
 * the client is the entry as many hops from the right as trusted proxies forwarded this request (see
 * ./trusted-proxies.ts); anything further left could be forged by the client itself.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  const socketAddress = req.socket.remoteAddress ?? 'desconocida';
  const hops = trustedHops(req, trust);
  if (hops <= 0) return socketAddress;
  const entries = forwardedFor(req);
  // Past the left end every hop was a trusted proxy: the leftmost entry is all there is.
  const entry = entries[entries.length - hops] ?? entries[0];
  if (entry === undefined) return socketAddress;
  return addressOfEntry(entry) ?? entry.slice(0, MAX_ENTRY_LENGTH);
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

/**
 * The language the form's page is in (`Content-Language`): an active language, or the default one. A client
 * that does not say it (another site's form, a script) is answered in the first language its
 * `Accept-Language` names, when that one is active.
 */
export function requestLanguage(req: IncomingMessage, translations: Translations): string {
  const active = translations.active.map((language) => language.code);
  const sent = req.headers[LANGUAGE_HEADER.toLowerCase()];
  if (typeof sent === 'string' && sent.trim() !== '') return leadLanguage(sent, active, translations.defaultCode);
  const accepted = req.headers['accept-language'];
  return leadLanguage(typeof accepted === 'string' ? accepted : undefined, active, translations.defaultCode);
}
