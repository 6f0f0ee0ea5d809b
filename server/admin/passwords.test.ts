import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, passwordProblem, verifyPassword, type ScryptCost } from './passwords.ts';

// A cheap cost keeps the suite fast; the format and checks are the same at any cost.
const CHEAP: ScryptCost = { logN: 10, r: 8, p: 1 };

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const a = await hashPassword('correcto caballo batería', CHEAP);
    const b = await hashPassword('correcto caballo batería', CHEAP);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correcto caballo batería', a, CHEAP)).toBe(true);
    expect(await verifyPassword('correcto caballo bateria', a, CHEAP)).toBe(false);
    expect(await verifyPassword('', a, CHEAP)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('contraseña segura', CHEAP);
    expect(await verifyPassword('contrasen\u0303a segura', stored, CHEAP)).toBe(true);
  });

  it('answers false, without throwing, for missing, malformed or tampered hashes', async () => {
    expect(await verifyPassword('x', undefined, CHEAP)).toBe(false);
    for (const stored of [
      '',
      'plain',
      'scrypt$10$8$1$salt',
      'scrypt$40$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA',
      'bcrypt$10$8$1$a$b',
    ]) {
      expect(await verifyPassword('x', stored, CHEAP)).toBe(false);
    }
    const stored = await hashPassword('una contraseña larga', CHEAP);
    expect(await verifyPassword('x'.repeat(10_000), stored, CHEAP)).toBe(false);
  });

  it('asks to rehash hashes weaker than the current cost', async () => {
    const weak = await hashPassword('una contraseña larga', CHEAP);
    expect(needsRehash(weak, { logN: 15, r: 8, p: 1 })).toBe(true);
    expect(needsRehash(weak, CHEAP)).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('explains in Spanish why a new password is refused', () => {
    expect(passwordProblem('corta')).toMatch(/al menos 12 caracteres/);
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).toMatch(/repite/);
    expect(passwordProblem(' con espacio al inicio')).toMatch(/espacios/);
    expect(passwordProblem('mariana.cruz-2026!', 'mariana.cruz@angram.mx')).toMatch(/usuario de correo/);
    expect(passwordProblem('x'.repeat(300))).toMatch(/como máximo/);
    expect(passwordProblem('Tres tristes tigres 2026')).toBeUndefined();
  });
});
