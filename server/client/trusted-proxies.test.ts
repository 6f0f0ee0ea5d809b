/**
 * `TRUST_PROXY` as a list of proxies: forwarded headers count only on connections from them, and the
 * client is the first address, from the right, that is not one of them. Hostile X-Forwarded-For values
 * (forged entries, ports, garbage, endless chains) never pick the address a client wants.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { isSecureRequest } from '../admin/auth.ts';
import { clientAddress } from './facts.ts';
import { loadServerConfig } from '../config.ts';
import { ConfigError } from '../errors.ts';
import { OPEN_SLOT, startTestApi, VALID, type TestApi } from '../testing/api.ts';
import { addressOfEntry, parseTrustProxy, trustedHops, type TrustProxy } from './trusted-proxies.ts';

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

const request = (peer: string, headers: Record<string, string | string[]> = {}) =>
  ({ headers, socket: { remoteAddress: peer } }) as unknown as IncomingMessage;

const PROXIES = trust('10.0.0.0/8,127.0.0.1,::1,2001:db8:1::/48');

describe('TRUST_PROXY, read', () => {
  it('takes hop counts as before and lists of addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(parseTrustProxy('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('0')).toEqual({ kind: 'hops', hops: 0 });
    expect(parseTrustProxy('3')).toEqual({ kind: 'hops', hops: 3 });
    expect(trust('10.0.0.0/8, 127.0.0.1 ,::1,')).toMatchObject({
      kind: 'list',
      proxies: ['10.0.0.0/8', '127.0.0.1', '::1'],
    });
  });

  it('refuses with the wrong entry named: no address, a bad prefix, a host name', () => {
    for (const [value, named] of [
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['::1/129', '::1/129'],
      ['10.0.0.0/8/1', '10.0.0.0/8/1'],
      ['10.0.0.0/x', '10.0.0.0/x'],
      ['127.0.0.1,balanceador.interno', 'balanceador.interno'],
      ['300.1.1.1', '300.1.1.1'],
      ['quizá', 'quizá'],
    ]) {
      const parsed = parseTrustProxy(value ?? '');
      expect('error' in parsed && parsed.error, value).toContain(`"${named}"`);
    }
    expect(parseTrustProxy(',')).toEqual({ error: 'TRUST_PROXY está vacío' });
    expect(parseTrustProxy('11')).toHaveProperty('error');
    expect(() => loadServerConfig({ TRUST_PROXY: '10.0.0.0/8,proxy' })).toThrow(ConfigError);
  });

  it('reads an X-Forwarded-For entry as a bare address, ports and brackets removed', () => {
    expect(addressOfEntry(' 203.0.113.9 ')).toBe('203.0.113.9');
    expect(addressOfEntry('203.0.113.9:51234')).toBe('203.0.113.9');
    expect(addressOfEntry('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(addressOfEntry('[2001:db8::1]')).toBe('2001:db8::1');
    expect(addressOfEntry('2001:db8::1')).toBe('2001:db8::1');
    for (const garbage of ['unknown', '_hidden', '203.0.113.9:', '[203.0.113.9]', '<script>', '1.2.3']) {
      expect(addressOfEntry(garbage), garbage).toBeUndefined();
    }
  });
});

describe('TRUST_PROXY as a list, against hostile headers', () => {
  it('ignores X-Forwarded-For from a client that reaches the port directly', () => {
    for (const peer of ['198.51.100.7', '::ffff:198.51.100.7', '2001:db8:2::5']) {
      const req = request(peer, { 'x-forwarded-for': '10.0.0.1, 127.0.0.1', 'x-forwarded-proto': 'https' });
      expect(trustedHops(req, PROXIES)).toBe(0);
      expect(clientAddress(req, PROXIES)).toBe(peer);
      expect(isSecureRequest(req, PROXIES)).toBe(false);
    }
  });

  it('takes the address the trusted proxy saw, not the ones the client wrote before it', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 6.6.6.6, 203.0.113.7' });
    expect(clientAddress(req, PROXIES)).toBe('203.0.113.7');
  });

  it('walks from the right past every trusted hop (IPv4, IPv6, IPv4-mapped peers)', () => {
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 2001:db8:1::9, 10.1.2.3' };
    for (const peer of ['127.0.0.1', '::ffff:127.0.0.1', '::1', '10.9.9.9']) {
      expect(clientAddress(request(peer, chain), PROXIES), peer).toBe('203.0.113.7');
    }
    // Several X-Forwarded-For headers are one list, in order.
    const split = request('10.0.0.2', { 'x-forwarded-for': ['6.6.6.6, 203.0.113.7', '10.0.0.5'] });
    expect(clientAddress(split, PROXIES)).toBe('203.0.113.7');
  });

  it('drops the port a balancer adds, so a client cannot rotate its port past the limits', () => {
    for (const port of [1000, 2000, 3000]) {
      const req = request('10.0.0.2', { 'x-forwarded-for': `203.0.113.7:${port}` });
      expect(clientAddress(req, PROXIES)).toBe('203.0.113.7');
    }
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': '[2001:db8::7]:443' }), PROXIES)).toBe('2001:db8::7');
  });

  it('stops at garbage and keeps it bounded; an endless chain of proxies costs a bounded walk', () => {
    const garbage = request('10.0.0.2', { 'x-forwarded-for': `1.1.1.1, ${'x'.repeat(5000)}, 10.0.0.3` });
    expect(clientAddress(garbage, PROXIES)).toBe('x'.repeat(100));
    const endless = request('10.0.0.2', { 'x-forwarded-for': Array(5000).fill('10.0.0.1').join(',') });
    expect(trustedHops(endless, PROXIES)).toBe(33);
    expect(clientAddress(endless, PROXIES)).toBe('10.0.0.1');
    // Without entries, the proxy itself.
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': ' , ,' }), PROXIES)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2'), PROXIES)).toBe('10.0.0.2');
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    expect(isSecureRequest(request('10.0.0.2', { 'x-forwarded-proto': 'https' }), PROXIES)).toBe(true);
    expect(isSecureRequest(request('10.0.0.2', { 'x-forwarded-proto': 'http' }), PROXIES)).toBe(false);
  });

  it('the hop-count form believes whoever connects (why the list exists)', () => {
    const direct = request('198.51.100.7', { 'x-forwarded-for': '6.6.6.6' });
    expect(clientAddress(direct, trust('1'))).toBe('6.6.6.6');
    expect(clientAddress(direct, trust('10.0.0.0/8'))).toBe('198.51.100.7');
  });
});

describe('TRUST_PROXY as a list, through the API', () => {
  let t: TestApi | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  const submitAs = (api: TestApi, forwardedFor: string, index: number) =>
    api.post(
      '/api/webSite/contactSmall',
      { ...VALID.small, email: `rotando${index}@empresa.mx`, appointmentDate: index === 1 ? OPEN_SLOT : '' },
      { 'X-Forwarded-For': forwardedFor },
    );

  it('counts a client that rotates X-Forwarded-For, reaching the port directly, as one address', async () => {
    // The tests connect from loopback, which is not a listed proxy here.
    t = await startTestApi({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_MAX: '2' });
    const statuses = [];
    for (let index = 1; index <= 4; index += 1) statuses.push((await submitAs(t, `203.0.113.${index}`, index)).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('tells clients apart by X-Forwarded-For when the connection comes from a listed proxy', async () => {
    t = await startTestApi({ TRUST_PROXY: '127.0.0.1,::1', RATE_LIMIT_MAX: '2' });
    const statuses = [];
    for (let index = 1; index <= 4; index += 1) statuses.push((await submitAs(t, `203.0.113.${index}`, index)).status);
    expect(statuses).toEqual([201, 201, 201, 201]);
    // The same client through the proxy, with forged entries before it, is still limited.
    for (const forged of ['1.1.1.1', '2.2.2.2']) {
      await submitAs(t, `${forged}, 198.51.100.9`, 10);
    }
    expect((await submitAs(t, '3.3.3.3, 198.51.100.9', 11)).status).toBe(429);
  });
});
