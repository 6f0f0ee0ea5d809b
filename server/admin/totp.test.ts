import { describe, expect, it } from 'vitest';
import { readPendingSignIn, pendingCookieValue } from './pending-sign-in.ts';
import {
  codeAt,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  qrCodeSvg,
  recoveryCodeDigest,
  sealSecret,
  stepAt,
  typedCode,
  typedRecoveryCode,
} from './totp.ts';

const NOW = new Date('2026-11-23T14:00:00Z');
const plus = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('TOTP two-step sign-in, pure', () => {
  it('matches the RFC 6238 SHA-1 test vector', () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890", T = 59 s, 8 digits 94287082.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(codeAt(secret, new Date(59_000))).toBe('287082');
  });

  it('accepts the code of now and one step either side, and says which step it was made for', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const code = codeAt(secret, NOW);
    expect(matchingStep(secret, code, NOW)).toBe(stepAt(NOW));
    expect(matchingStep(secret, code, plus(30))).toBe(stepAt(NOW));
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, NOW)).toBe(stepAt(NOW));
    expect(matchingStep(secret, code, plus(95))).toBeUndefined();
    for (const bad of [undefined, '', '12345', '1234567', 'abcdef', '12345x']) expect(typedCode(bad)).toBeUndefined();
  });

  it('puts the account in an otpauth address and draws it as an SVG without script', async () => {
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, 'ana@angram.mx');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Angram%20Ventas:ana%40angram\.mx\?/);
    expect(uri).toContain(`secret=${secret}`);
    const svg = await qrCodeSvg(uri);
    expect(svg).toMatch(/^<svg [^>]*viewBox/);
    expect(svg).not.toMatch(/<script|on\w+=|style=/i);
  });

  it('seals the secret so that only the inbox’s key opens it, and an altered seal opens to nothing', () => {
    const secret = newTotpSecret();
    const sealed = sealSecret('clave-de-la-bandeja', secret);
    expect(sealed).not.toContain(secret);
    expect(openSecret('clave-de-la-bandeja', sealed)).toBe(secret);
    expect(openSecret('otra-clave', sealed)).toBeUndefined();
    expect(openSecret('clave-de-la-bandeja', `${sealed.slice(0, -2)}AA`)).toBeUndefined();
    expect(openSecret('clave-de-la-bandeja', 'v1.basura')).toBeUndefined();
  });

  it('makes ten distinct recovery codes, read back however they are typed, stored as keyed digests', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [code = ''] = codes;
    expect(typedRecoveryCode(` ${code.toUpperCase()} `)).toBe(code.replace('-', ''));
    expect(typedRecoveryCode('abcde-fghi0')).toBeUndefined(); // 0 and i are not in the alphabet
    const digest = recoveryCodeDigest('k', code.replace('-', ''));
    expect(digest).toBe(recoveryCodeDigest('k', code));
    expect(digest).not.toBe(recoveryCodeDigest('otra', code));
    expect(digest).not.toContain(code.replace('-', ''));
  });

  it('keeps the pending sign-in in a signed, expiring cookie', () => {
    const value = pendingCookieValue('k', { userId: 7, expiresAt: NOW.getTime() + 1000, via: 'password' });
    expect(readPendingSignIn('k', value, NOW.getTime())).toMatchObject({ userId: 7, via: 'password' });
    expect(readPendingSignIn('k', value, NOW.getTime() + 1000)).toBeUndefined();
    expect(readPendingSignIn('otra', value, NOW.getTime())).toBeUndefined();
    expect(readPendingSignIn('k', value.replace(/^7\./, '8.'), NOW.getTime())).toBeUndefined();
  });
});
