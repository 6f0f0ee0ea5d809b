/**
 * The infrastructure audit page's copy (`content/audit.yaml`, one entry keyed `infrastructure-audit`):
 * areas, phases by day, deliverables and what the post-audit support covers. Its price, duration, return
 * and support days are figures of content/offers.yaml, which the e-mails also quote.
 */
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { list, oneOf, strict, text, whole } from '../../core/content/common.ts';
import { icon } from './icons.ts';
import { AUDIT_OFFER_ID } from '../../core/content/offers.ts';

export const AUDIT_ID = AUDIT_OFFER_ID;
/** Every audit covers these areas; more may follow. */
export const AUDIT_AREA_IDS = [
  'seguridad',
  'costos',
  'rendimiento',
  'disponibilidad',
  'respaldos',
  'observabilidad',
] as const;
/** No audit phase runs past this day; content.test.ts checks the phases end within the offer's duration. */
export const AUDIT_MAX_DAYS = 60;

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
      ctx.addIssue({
        code: 'custom',
        path: ['phases', index, 'fromDay'],
        message: `Esta fase debe empezar el día ${nextDay}`,
      });
    }
    if (candidate.toDay < candidate.fromDay) {
      ctx.addIssue({
        code: 'custom',
        path: ['phases', index, 'toDay'],
        message: 'toDay no puede ser anterior a fromDay',
      });
    }
    nextDay = candidate.toDay + 1;
  });
});

export const auditRules: EntryRules = { source: 'content/audit.yaml', ids: [AUDIT_ID] };
