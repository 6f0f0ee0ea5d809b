import { describe, expect, it } from 'vitest';
import { defaultRoot } from '../../core/content/load.ts';
import { readLostReasons } from '../../core/content/lost-reasons.ts';
import { canMove, checkStatusChange, LEAD_STATUSES, lostReasonText, TRANSITIONS } from './lifecycle.ts';

describe('lead lifecycle', () => {
  it('moves forward through the pipeline and back where a team would', () => {
    expect(canMove('nuevo', 'contactado')).toBe(true);
    expect(canMove('contactado', 'propuesta')).toBe(true);
    expect(canMove('propuesta', 'ganado')).toBe(true);
    expect(canMove('propuesta', 'perdido')).toBe(true);
    expect(canMove('perdido', 'contactado')).toBe(true);
    expect(canMove('ganado', 'propuesta')).toBe(true);
    // A first call can close the deal: any open status closes either way.
    expect(canMove('nuevo', 'ganado')).toBe(true);
    expect(canMove('ganado', 'perdido')).toBe(false);
    expect(canMove('perdido', 'ganado')).toBe(false);
  });

  it('reaches ganado from nuevo and gets back from every status', () => {
    const reachable = (from: string, seen = new Set<string>()): Set<string> => {
      seen.add(from);
      for (const next of TRANSITIONS[from as keyof typeof TRANSITIONS]) if (!seen.has(next)) reachable(next, seen);
      return seen;
    };
    for (const status of LEAD_STATUSES) expect(reachable(status).size, status).toBeGreaterThan(1);
    expect(reachable('nuevo').has('ganado')).toBe(true);
    for (const status of LEAD_STATUSES) expect(TRANSITIONS[status]).not.toContain(status);
  });

  it('checks a requested change and explains a refusal', () => {
    expect(checkStatusChange('nuevo', { to: 'contactado' })).toEqual({ ok: true, change: { to: 'contactado' } });
    expect(checkStatusChange('nuevo', { to: 'nuevo' })).toMatchObject({
      ok: false,
      field: 'status',
      message: 'El lead ya está en «Nuevo».',
    });
    expect(checkStatusChange('ganado', { to: 'perdido' })).toMatchObject({ ok: false, field: 'status' });
    for (const bad of [undefined, '', 'GANADO', 42, ['nuevo'], '__proto__']) {
      expect(checkStatusChange('nuevo', { to: bad })).toMatchObject({
        ok: false,
        field: 'status',
        message: 'Elige un estado de la lista.',
      });
    }
  });

  it('needs a reason to lose a lead, and a detail for "otro"', () => {
    expect(checkStatusChange('propuesta', { to: 'perdido' })).toMatchObject({ ok: false, field: 'reason' });
    expect(checkStatusChange('propuesta', { to: 'perdido', reason: 'toString' })).toMatchObject({
      ok: false,
      field: 'reason',
    });
    expect(checkStatusChange('propuesta', { to: 'perdido', reason: 'otro', detail: '   ' })).toMatchObject({
      ok: false,
      field: 'detail',
    });
    expect(
      checkStatusChange('propuesta', { to: 'perdido', reason: 'competencia', detail: ' Eligió un equipo interno ' }),
    ).toEqual({
      ok: true,
      change: { to: 'perdido', reason: 'competencia', detail: 'Eligió un equipo interno' },
    });
    expect(
      checkStatusChange('propuesta', { to: 'perdido', reason: 'presupuesto', detail: 'x'.repeat(501) }),
    ).toMatchObject({ ok: false, field: 'detail' });
    // A reason sent with another status is ignored.
    expect(checkStatusChange('nuevo', { to: 'contactado', reason: 'presupuesto' })).toEqual({
      ok: true,
      change: { to: 'contactado' },
    });
  });

  it('writes the reason for people, with the labels of content', () => {
    const label = (id: string) => readLostReasons(defaultRoot()).find((reason) => reason.id === id)?.label;
    expect(lostReasonText('competencia', 'equipo interno')).toBe(`${label('competencia')}: equipo interno`);
    expect(lostReasonText('presupuesto', undefined)).toBe(label('presupuesto'));
    // A reason editors removed still reads, by its id.
    expect(lostReasonText('retirado', undefined)).toBe('retirado');
    expect(lostReasonText(undefined, undefined)).toBe('');
  });
});
