import { describe, expect, it } from 'vitest';
import { defaultRoot } from './load.ts';
import { LOST_REASONS_FILE, parseLostReasons, readLostReasons } from './lost-reasons.ts';

const refusal = (source: string) => {
  try {
    parseLostReasons(source);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('the file was accepted');
};

describe(LOST_REASONS_FILE, () => {
  it('holds the reasons the inbox offers, one of them asking for detail', () => {
    const reasons = readLostReasons(defaultRoot());
    expect(reasons.length).toBeGreaterThan(1);
    expect(reasons.some((reason) => reason.needsDetail)).toBe(true);
  });

  it('names the file and the field of a wrong entry, in Spanish', () => {
    expect(refusal('reasons:\n  - id: Presupuesto Alto\n    label: Caro\n')).toMatch(
      /content\/lost-reasons\.yaml[\s\S]*reasons\[0\]\.id[\s\S]*minúsculas con guiones/,
    );
    expect(refusal('reasons:\n  - id: caro\n    label: Caro\n  - id: caro\n    label: Muy caro\n')).toContain(
      'El identificador caro se repite',
    );
    expect(refusal('reasons:\n  - id: otro\n    label: Otro\n    needsDetail: "true"\n')).toContain('sin comillas');
    expect(refusal('reasons:\n  - id: otro\n')).toContain('reasons[0].label');
    expect(refusal('reasons: []\n')).toContain('reasons');
    expect(refusal(`reasons:\n  - id: largo\n    label: ${'x'.repeat(81)}\n`)).toContain('Demasiado largo');
    expect(refusal('reasons:\n  - id: otro\n    label: Otro\n    color: rojo\n')).toContain('color');
  });
});
