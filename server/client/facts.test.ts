import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, hashAddress, originPage } from './facts.ts';
import type { TrustProxy } from './trusted-proxies.ts';

const hops = (count: number): TrustProxy => ({ kind: 'hops', hops: count });

const request = (headers: Record<string, string>, remoteAddress = '10.0.0.9') =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('client address', () => {
  it('uses the socket address unless proxies are trusted', () => {
    expect(clientAddress(request({ 'x-forwarded-for': '1.1.1.1' }), hops(0))).toBe('10.0.0.9');
  });

  it('takes the entry added by the trusted proxies, not one the client could forge', () => {
    const req = request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' });
    expect(clientAddress(req, hops(1))).toBe('10.0.0.2');
    expect(clientAddress(req, hops(2))).toBe('203.0.113.7');
  });

  it('hashes with a salt and never returns the address', () => {
    const hash = hashAddress('203.0.113.7', 'sal-uno-de-prueba');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('203');
    expect(hashAddress('203.0.113.7', 'sal-dos-de-prueba')).not.toBe(hash);
  });
});

describe('origin page', () => {
  it('keeps only the path of the Referer', () => {
    expect(originPage(request({ referer: 'https://www.angram.mx/iniciar-proyecto?email=ana@x.mx#form' }))).toBe(
      '/iniciar-proyecto',
    );
    expect(originPage(request({}))).toBe('Desconocida');
    expect(originPage(request({ referer: 'no es una url' }))).toBe('Desconocida');
  });
});
