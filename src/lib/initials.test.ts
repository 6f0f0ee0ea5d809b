import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first and the last word, uppercase, accents kept', () => {
    expect(initialsOf('Luis Fernando Treviño')).toBe('LT');
    expect(initialsOf('daniela ortega')).toBe('DO');
    expect(initialsOf('Ángela Ñúñez')).toBe('ÁÑ');
  });

  it('skips surname particles and survives one word or stray spaces', () => {
    expect(initialsOf('Ana de la Garza')).toBe('AG');
    expect(initialsOf('  Mariana   Cruz ')).toBe('MC');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('')).toBe('');
  });
});
