import { describe, expect, it } from 'vitest';
import { csrfToken, isValidCsrfToken } from './csrf.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { deviceCookieValue, trustedDevice } from './device.ts';
import { newToken, tokenDigest, tokenShaped } from './tokens.ts';

describe('session tokens', () => {
  it('are 256 random bits, stored only as a digest', () => {
    const token = newToken();
    expect(tokenShaped(token)).toBe(token);
    expect(newToken()).not.toBe(token);
    expect(tokenDigest(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenDigest(token)).not.toContain(token);
    for (const bad of [undefined, '', 'short', `${token}x`, token.replace(/.$/, '!')])
      expect(tokenShaped(bad)).toBeUndefined();
  });
});

describe('cookies', () => {
  it('parses names and values, first one wins, malformed pairs skipped', () => {
    const cookies = parseCookies('a=1; b="dos"; =x; junk; c=%E0%A4%A; a=2; d=%C3%B1');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'dos'],
      ['d', 'ñ'],
    ]);
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies('x='.repeat(100_000)).size).toBeLessThanOrEqual(1);
  });

  it('serialises HttpOnly cookies, Secure only when asked', () => {
    expect(serializeCookie('s', 'a b', { path: '/admin', secure: true, sameSite: 'Lax', maxAge: 60 })).toBe(
      's=a%20b; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=60; Secure',
    );
    expect(serializeCookie('s', '', { path: '/admin', secure: false, sameSite: 'Strict', maxAge: 0 })).toBe(
      's=; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=0',
    );
    expect(() => serializeCookie('bad name', 'x', { path: '/', secure: false, sameSite: 'Lax' })).toThrow();
  });
});

describe('CSRF tokens', () => {
  it('match only their own binding and secret', () => {
    const token = csrfToken('secreto', 'sesion-1');
    expect(isValidCsrfToken('secreto', 'sesion-1', token)).toBe(true);
    expect(isValidCsrfToken('secreto', 'sesion-2', token)).toBe(false);
    expect(isValidCsrfToken('otro', 'sesion-1', token)).toBe(false);
    expect(isValidCsrfToken('secreto', undefined, token)).toBe(false);
    for (const bad of [undefined, '', 42, ['x'], token.slice(1), 'x'.repeat(5000)])
      expect(isValidCsrfToken('secreto', 'sesion-1', bad)).toBe(false);
  });
});

describe('trusted-device cookie', () => {
  it('is accepted for its own account only, and cannot be forged', () => {
    const value = deviceCookieValue('secreto', 7);
    const nonce = trustedDevice('secreto', value, 7);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(trustedDevice('secreto', value, 8)).toBeUndefined();
    expect(trustedDevice('otro', value, 7)).toBeUndefined();
    expect(trustedDevice('secreto', value.replace(/^7\./, '8.'), 8)).toBeUndefined();
    expect(trustedDevice('secreto', `${value}x`, 7)).toBeUndefined();
    expect(trustedDevice('secreto', undefined, 7)).toBeUndefined();
  });
});
