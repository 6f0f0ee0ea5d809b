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
    const areas = (audit.areas as Array<{ id: string }>).map((area) =>
      area.id === 'respaldos' ? { ...area, id: 'seguridad' } : area,
    );
    expect(issues(auditSchema, changed(audit, 'areas', areas))).toEqual(['areas: Falta el área "respaldos"']);
  });

  it('rejects phases that leave a gap or run backwards', () => {
    expect(issues(auditSchema, changed(audit, 'phases.1.fromDay', 4))).toEqual([
      'phases.1.fromDay: Esta fase debe empezar el día 3',
    ]);
    expect(issues(auditSchema, changed(audit, 'phases.3.toDay', 61))).toEqual([
      'phases.3.toDay: Se espera el día en que termina de 1 a 60',
    ]);
  });

  it('keeps the figures out: price, return and support days belong to content/offers.yaml', () => {
    expect(issues(auditSchema, changed(audit, 'postAuditSupportDays', 30))).toEqual([
      'postAuditSupportDays: Campo desconocido: los campos válidos son id, areas, phases, deliverables, postAuditSupport',
    ]);
    expect(issues(auditSchema, changed(audit, 'postAuditSupport', REMOVE))).toHaveLength(1);
  });
});
