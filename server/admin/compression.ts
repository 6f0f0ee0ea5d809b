/**
 * The inbox's pages and stylesheet compressed like the site's files: brotli or gzip, whichever the browser
 * accepts (`Accept-Encoding`), with `Vary: Accept-Encoding`. Pages are made per request, so they are
 * compressed at brotli's quality 5 (a 40 KB page in about a millisecond, most of the size gain of 11); the
 * stylesheet, which never changes while the process runs, once at the highest quality.
 *
 * A page holds a secret (the form token) beside text a request can choose (a search, say): the size of its
 * compressed answer could leak the token to a site that makes a browser load the page many times (BREACH).
 * Such loads come from elsewhere, and current browsers say so (`Sec-Fetch-Site`), so pages requested from
 * another site are sent uncompressed.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiateEncoding, type Encoding } from '../static/compression.ts';

/** Smaller bodies gain nothing worth the headers and the work. */
const MIN_BYTES = 1024;

export interface Encoded {
  body: Buffer;
  headers: Record<string, string>;
}

function encode(body: Buffer, encoding: Exclude<Encoding, 'identity'>, quality: 'page' | 'static'): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality === 'page' ? 5 : 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: quality === 'page' ? 6 : 9 });
}

/** Requested by a page of another site (a link, a frame, a script): no compression (see above). */
function fromElsewhere(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** A page as the client asked for it; always says `Vary`, since the answer depends on the header. */
export function encodePage(headers: IncomingHttpHeaders, body: Buffer): Encoded {
  const encoding =
    body.length >= MIN_BYTES && !fromElsewhere(headers) ? negotiateEncoding(headers['accept-encoding']) : 'identity';
  if (encoding === 'identity') return { body, headers: { Vary: 'Accept-Encoding' } };
  return {
    body: encode(body, encoding, 'page'),
    headers: { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' },
  };
}

/** A fixed body in every encoding, made once; `pick` answers a request from them. */
export function precompressed(body: Buffer): (acceptEncoding: string | undefined) => Encoded {
  const copies: Record<Exclude<Encoding, 'identity'>, Buffer> = {
    br: encode(body, 'br', 'static'),
    gzip: encode(body, 'gzip', 'static'),
  };
  return (acceptEncoding): Encoded => {
    const encoding = negotiateEncoding(acceptEncoding);
    if (encoding === 'identity') return { body, headers: { Vary: 'Accept-Encoding' } };
    return { body: copies[encoding], headers: { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } };
  };
}
