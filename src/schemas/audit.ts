/**
 * The infrastructure audit page's data (`content/audit.yaml`, one entry keyed `infrastructure-audit`):
 * areas, phases by day, deliverables, the ROI claim and the post-audit support, as numbers the page and
 * the tests read. The price and the 10-14 day duration belong to the forms' options module.
 */
import { z } from 'astro/zod';
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { list, oneOf, strict, text, whole } from './common.ts';
import { icon } from './icons.ts';

export const AUDIT_ID = 'infrastructure-audit';
/** Every audit covers these areas; more may follow. */
export const AUDIT_AREA_IDS = ['seguridad', 'costos', 'rendimiento', 'disponibilidad', 'respaldos', 'observabilidad'] as const;
/** The audit lasts at most this many working days (the options module quotes "10-14 días"). */
export const AUDIT_MAX_DAYS = 14;

const area = strict({
  id: oneOf(AUDIT_AREA_IDS, 'un área'),
  icon,
  title: text('el nombre del área', { max: 60 }),
  description: text('una descripción'),
  checks: list(text('un punto que se revisa', { max: 140 }), 3, 6),
});

const phase = strict({
  title: text('el nombre de la fase', { max: 60 }),
  fromDay: whole('el día en que empieza', 1, AUDIT_MAX_DAYS),
  toDay: whole('el día en que termina', 1, AUDIT_MAX_DAYS),
  description: text('una descripción'),
});

export const auditSchema = strict({
  id: oneOf([AUDIT_ID], 'la clave de la auditoría'),
  areas: list(area, AUDIT_AREA_IDS.length, AUDIT_AREA_IDS.length),
  phases: list(phase, 3, 5),
  deliverables: list(strict({ title: text('un entregable', { max: 80 }), description: text('una descripción') }), 3, 6),
  /** "ROI de 300-500% en 6 meses". */
  roi: strict({ minPercent: whole('un porcentaje', 1, 10_000), maxPercent: whole('un porcentaje', 1, 10_000), months: whole('un número de meses', 1, 36) }),
  postAuditSupportDays: whole('un número de días', 1, 365),
  postAuditSupport: text('qué cubre el soporte posterior'),
}).superRefine((audit, ctx) => {
  AUDIT_AREA_IDS.forEach((id) => {
    if (!audit.areas.some((candidate) => candidate.id === id)) {
      ctx.addIssue({ code: 'custom', path: ['areas'], message: `Falta el área "${id}"` });
    }
  });
  // Phases tile the audit's days: start on day 1, no gaps, no overlaps.
  let nextDay = 1;
  audit.phases.forEach((candidate, index) => {
    if (candidate.fromDay !== nextDay) {
      ctx.addIssue({ code: 'custom', path: ['phases', index, 'fromDay'], message: `Esta fase debe empezar el día ${nextDay}` });
    }
    if (candidate.toDay < candidate.fromDay) {
      ctx.addIssue({ code: 'custom', path: ['phases', index, 'toDay'], message: 'toDay no puede ser anterior a fromDay' });
    }
    nextDay = candidate.toDay + 1;
  });
  if (audit.roi.minPercent > audit.roi.maxPercent) {
    ctx.addIssue({ code: 'custom', path: ['roi'], message: 'minPercent no puede ser mayor que maxPercent' });
  }
});

export type Audit = z.infer<typeof auditSchema>;

export const auditRules: EntryRules = { source: 'content/audit.yaml', ids: [AUDIT_ID] };
