import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, TRUST_NO_PROXY, type TrustProxy } from '../client/trusted-proxies.ts';
import { isSameOriginPost } from './origin.ts';

const SITE = 'https://www.angram.mx';

function request(headers: Record<string, string>): IncomingMessage {
  return { headers: { host: 'bandeja.interna:4321', ...headers }, socket: { remoteAddress: '10.0.0.2' } } as never;
}

function trusting(value: string): TrustProxy {
  const trust = parseTrustProxy(value);
  if ('error' in trust) throw new Error(trust.error);
  return trust;
}

describe('the inbox’s same-origin check on a POST', () => {
  it('accepts an Origin naming the host the browser addressed, or the site’s configured address', () => {
    expect(isSameOriginPost(request({ origin: 'http://bandeja.interna:4321' }), TRUST_NO_PROXY, SITE)).toBe(true);
    expect(isSameOriginPost(request({ origin: SITE }), TRUST_NO_PROXY, SITE)).toBe(true);
  });

  it('refuses another site, another port, a look-alike, an opaque origin and garbage', () => {
    for (const origin of [
      'https://evil.example',
      'http://bandeja.interna:4322',
      'https://www.angram.mx.evil.example',
      'http://www.angram.mx',
      'null',
      'no es una dirección',
    ])
      expect(isSameOriginPost(request({ origin }), TRUST_NO_PROXY, SITE), origin).toBe(false);
  });

  it('reads Sec-Fetch-Site when there is no Origin, and leaves a request with neither to the token', () => {
    expect(isSameOriginPost(request({ 'sec-fetch-site': 'same-origin' }), TRUST_NO_PROXY, SITE)).toBe(true);
    expect(isSameOriginPost(request({ 'sec-fetch-site': 'same-site' }), TRUST_NO_PROXY, SITE)).toBe(false);
    expect(isSameOriginPost(request({ 'sec-fetch-site': 'cross-site' }), TRUST_NO_PROXY, SITE)).toBe(false);
    // An old browser or a program: neither header.
    expect(isSameOriginPost(request({}), TRUST_NO_PROXY, SITE)).toBe(true);
  });

  it('takes X-Forwarded-Host only from a proxy it trusts', () => {
    const proxied = request({ origin: 'https://ventas.angram.mx', 'x-forwarded-host': 'ventas.angram.mx' });
    expect(isSameOriginPost(proxied, trusting('1'), SITE)).toBe(true);
    expect(isSameOriginPost(proxied, TRUST_NO_PROXY, SITE)).toBe(false);
  });
});
