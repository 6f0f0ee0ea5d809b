/**
 * The API's "too many requests" answer, picked by what asked: a browser that navigated to a throttled
 * route (it prefers HTML) gets the built /429 page, with the same status and Retry-After, so it sees the
 * WhatsApp and e-mail ways out instead of raw JSON; the site's forms and any API client keep the JSON
 * message they read. The page is the build's own (`429.html` and its compressed copies), read again when
 * a live translation rewrites it.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRECOMPRESSED_SUFFIX } from '../../core/static-files.ts';
import { negotiateEncoding, type Encoding } from './compression.ts';

const PAGE_FILE = '429.html';
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
const JSON_TYPE = 'application/json';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) return [];
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return Number.isFinite(q) ? [{ type, subtype, q: Math.min(1, Math.max(0, q)) }] : [];
  });
}

/** The weight `ranges` give `mediaType`: the most specific range that matches it decides (RFC 9110 12.5.1). */
function weightOf(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  const specificity = (range: MediaRange): number => {
    if (range.type === type && range.subtype === subtype) return 2;
    if (range.type === type && range.subtype === '*') return 1;
    return range.type === '*' && range.subtype === '*' ? 0 : -1;
  };
  let best: MediaRange | undefined;
  for (const range of ranges) {
    if (specificity(range) >= 0 && (!best || specificity(range) > specificity(best))) best = range;
  }
  return best?.q ?? 0;
}

/**
 * Whether an `Accept` header asks for a page rather than JSON: HTML weighs more than JSON. A tie
 * (`*\/*`, what `fetch` sends; or no header) keeps the API's JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = mediaRanges(accept);
  const html = Math.max(...HTML_TYPES.map((type) => weightOf(ranges, type)));
  return html > 0 && html > weightOf(ranges, JSON_TYPE);
}

interface PageCopy {
  version: string;
  bodies: Partial<Record<Encoding, Buffer>>;
}

/**
 * An `onSend` hook: a JSON 429 (the API's) to a request that prefers HTML leaves as the built page from
 * `distDir`. Every other answer (the inbox's own HTML 429s included), and every answer when the build has
 * no such page, goes out untouched.
 */
export function rateLimitedPage(distDir: string) {
  const path = join(distDir, PAGE_FILE);
  let copy: PageCopy | undefined;

  async function pageBody(encoding: Encoding): Promise<{ body: Buffer; encoding: Encoding } | undefined> {
    const info = await stat(path).catch(() => undefined);
    if (!info) return undefined;
    const version = `${info.size}-${Math.trunc(info.mtimeMs)}`;
    if (copy?.version !== version) copy = { version, bodies: {} };
    const cached = copy.bodies[encoding];
    if (cached) return { body: cached, encoding };
    const file = encoding === 'identity' ? path : `${path}${PRECOMPRESSED_SUFFIX[encoding]}`;
    const body = await readFile(file).catch(() => undefined);
    // A build without compressed copies: the page as it is.
    if (!body) return encoding === 'identity' ? undefined : pageBody('identity');
    copy.bodies[encoding] = body;
    return { body, encoding };
  }

  return async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const type = reply.getHeader('Content-Type');
    if (reply.statusCode !== 429 || typeof type !== 'string' || !type.startsWith(JSON_TYPE)) return payload;
    // The answer depends on Accept from here on, for any cache in between.
    reply.header('Vary', [reply.getHeader('Vary'), 'Accept'].filter(Boolean).join(', '));
    if (!prefersHtml(request.headers.accept)) return payload;
    const page = await pageBody(negotiateEncoding(request.headers['accept-encoding']));
    if (!page) return payload;
    reply.header('Content-Type', 'text/html; charset=utf-8');
    reply.header('Vary', [reply.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
    if (page.encoding !== 'identity') reply.header('Content-Encoding', page.encoding);
    return page.body;
  };
}
