import { describe, expect, it } from 'vitest';
import { auditSchema } from './audit.ts';
import { changed, issues, mapEntries, REMOVE } from './test-support.ts';

const audit = mapEntries('audit.yaml')[0]!;

describe('audit schema', () => {
  it('accepts the real content/audit.yaml', () => {
    expect(audit.id).toBe('infrastructure-audit');
    expect(issues(auditSchema, audit)).toEqual([]);
  });

  it('names a missing area', () => {
    const areas = (audit.areas as { id: string }[]).map((area) => (area.id === 'respaldos' ? { ...area, id: 'seguridad' } : area));
    expect(issues(auditSchema, changed(audit, 'areas', areas))).toEqual(['areas: Falta el área "respaldos"']);
  });

  it('rejects phases that leave a gap or run backwards', () => {
    expect(issues(auditSchema, changed(audit, 'phases.1.fromDay', 4))).toEqual(['phases.1.fromDay: Esta fase debe empezar el día 3']);
    expect(issues(auditSchema, changed(audit, 'phases.3.toDay', 15))).toEqual(['phases.3.toDay: Se espera el día en que termina de 1 a 14']);
  });

  it('rejects ROI figures of the wrong type or order', () => {
    expect(issues(auditSchema, changed(audit, 'roi.minPercent', '300%'))).toEqual(['roi.minPercent: Se espera un porcentaje, no texto: escribe solo el número, sin comillas']);
    expect(issues(auditSchema, changed(audit, 'roi.maxPercent', 200))).toEqual(['roi: minPercent no puede ser mayor que maxPercent']);
    expect(issues(auditSchema, changed(audit, 'postAuditSupportDays', REMOVE))).toEqual([
      'postAuditSupportDays: Falta este campo: se espera un número de días',
    ]);
  });
});
