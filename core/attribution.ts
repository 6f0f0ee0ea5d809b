/**
 * Where a visit came from: the page it landed on, the site that sent it and the campaign parameters of the
 * link it followed (`utm_*`). The site records it on the first page of a visit and the forms send it in a
 * request header beside the contract's JSON body; the API reads the same header with the same rules. One
 * cleaning for both ends, so the browser never sends what the server would drop, and a forged header can
 * store nothing but short, printable texts under the known names.
 */

import { UTM_KEYS } from './visit-origin.ts';

/** The request header; its value is JSON (non-ASCII escaped, so every browser can send it). */
export const ATTRIBUTION_HEADER = 'X-Lead-Attribution';

export const ATTRIBUTION_KEYS = ['landing', 'referrer', ...UTM_KEYS] as const;

export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
/** Only what is known: an absent key means the visit did not say. */
export type Attribution = Partial<Record<AttributionKey, string>>;

/** Longest value kept per key, in characters; longer ones are cut. */
export const ATTRIBUTION_MAX_LENGTH: Readonly<Record<AttributionKey, number>> = {
  landing: 300,
  referrer: 300,
  utm_source: 100,
  utm_medium: 100,
  utm_campaign: 150,
  utm_term: 150,
  utm_content: 150,
};

/** A header longer than this is not even parsed (the seven values at their caps fit with room to spare). */
export const ATTRIBUTION_HEADER_MAX_BYTES = 4096;

// Control and invisible formatting characters (bidirectional overrides, zero-width marks): a value holding
// one is dropped, never stored, so nothing in the inbox or the CSV can be made to read differently.
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

function capped(value: string, max: number): string {
  const characters = Array.from(value);
  return characters.length <= max ? value : characters.slice(0, max).join('').trimEnd();
}

/** `https://host/path` of an http(s) URL (no credentials, query or fragment), or `undefined`. */
export function originAndPath(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return `${url.origin}${url.pathname}`;
}

/** A path of this site (`/servicios/x`), without query or fragment, or `undefined`. */
function sitePath(value: string): string | undefined {
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  if (!URL.canParse(value, 'http://sitio.invalid')) return undefined;
  return new URL(value, 'http://sitio.invalid').pathname;
}

function cleanValue(key: AttributionKey, raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  if (!trimmed || FORBIDDEN.test(trimmed)) return undefined;
  const shaped = key === 'landing' ? sitePath(trimmed) : key === 'referrer' ? originAndPath(trimmed) : trimmed;
  if (!shaped) return undefined;
  const value = capped(shaped, ATTRIBUTION_MAX_LENGTH[key]);
  return value || undefined;
}

/**
 * The known keys of `input` whose values are usable: texts, trimmed and capped, without control characters,
 * the landing a path of the site and the referrer an http(s) origin and path. `undefined` when nothing is left.
 */
export function cleanAttribution(input: unknown): Attribution | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const record = input as Record<string, unknown>;
  const clean: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    if (!Object.hasOwn(record, key)) continue;
    const value = cleanValue(key, record[key]);
    if (value !== undefined) clean[key] = value;
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}

/** The header's value for `attribution` (ASCII only), or `undefined` when there is nothing to send. */
export function attributionHeaderValue(attribution: unknown): string | undefined {
  const clean = cleanAttribution(attribution);
  if (!clean) return undefined;
  // Header values are bytes: a character past Latin-1 would make fetch() throw and lose the submission.
  return JSON.stringify(clean).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * What a request's header says, cleaned; `undefined` when it is absent, too long, repeated, not JSON or not
 * an object. A bad header never fails the submission it came with: it is simply not kept.
 */
export function parseAttributionHeader(value: string | readonly string[] | undefined): Attribution | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > ATTRIBUTION_HEADER_MAX_BYTES) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  return cleanAttribution(parsed);
}
