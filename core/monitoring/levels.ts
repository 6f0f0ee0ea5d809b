/**
 * The monitoring thresholds, the one definition of them: the wiki renders this table, and the server's
 * alerts and `/admin/monitoring` judge field measurements with the same functions. A value past the first
 * limit raises the first level (Warning for how the site feels, Error for something that failed); past the
 * second, Critical. A limit is not yet past when a value sits exactly on it ("LCP over 2.5 s").
 */
import type { Status } from './status.ts';

export type AlertLevel = 'info' | 'warning' | 'error' | 'critical';

export interface Threshold {
  label: string;
  /** The unit the limits are written in (what the wiki and the inbox show). */
  unit: 's' | 'ms' | '%' | '';
  /** Best band of the status scale: at or better than this is "excellent". */
  excellent: number;
  /** The first limit: past it, `firstLevel`; at or within it, "good". */
  warning: number;
  /** Past it, Critical and "poor". */
  critical: number;
  /** `above`: worse when higher (LCP); `below`: worse when lower (uptime). */
  direction: 'above' | 'below';
  /** What crossing the first limit raises. */
  firstLevel: 'warning' | 'error';
}

/** Web Vitals measured on real visits, in the units the thresholds are written in. */
export const VITAL_THRESHOLDS = {
  lcp: {
    label: 'LCP (Largest Contentful Paint)',
    unit: 's',
    excellent: 1.2,
    warning: 2.5,
    critical: 4,
    direction: 'above',
    firstLevel: 'warning',
  },
  inp: {
    label: 'INP (Interaction to Next Paint, el sucesor de FID)',
    unit: 'ms',
    excellent: 100,
    warning: 200,
    critical: 500,
    direction: 'above',
    firstLevel: 'warning',
  },
  cls: {
    label: 'CLS (Cumulative Layout Shift)',
    unit: '',
    excellent: 0.05,
    warning: 0.1,
    critical: 0.25,
    direction: 'above',
    firstLevel: 'warning',
  },
  fcp: {
    label: 'FCP (First Contentful Paint)',
    unit: 's',
    excellent: 0.9,
    warning: 1.8,
    critical: 3,
    direction: 'above',
    firstLevel: 'warning',
  },
  ttfb: {
    label: 'TTFB (Time to First Byte)',
    unit: 's',
    excellent: 0.4,
    warning: 0.8,
    critical: 1.8,
    direction: 'above',
    firstLevel: 'warning',
  },
} as const satisfies Record<string, Threshold>;

/** Signals of the service itself, judged by the same rules. */
export const SERVICE_THRESHOLDS = {
  uptime: {
    label: 'Disponibilidad (uptime de 30 días)',
    unit: '%',
    excellent: 99.99,
    warning: 99.9,
    critical: 99.5,
    direction: 'below',
    firstLevel: 'warning',
  },
  outboxBacklog: {
    label: 'Correos en cola desde hace más de 15 minutos',
    unit: '',
    excellent: 0,
    warning: 20,
    critical: 200,
    direction: 'above',
    firstLevel: 'warning',
  },
  failedMail: {
    label: 'Correos fallidos en las últimas 24 horas',
    unit: '',
    excellent: 0,
    warning: 0,
    critical: 10,
    direction: 'above',
    firstLevel: 'error',
  },
  apiErrorRate: {
    label: 'Respuestas 5xx de la API en los últimos 15 minutos',
    unit: '%',
    excellent: 0,
    warning: 1,
    critical: 5,
    direction: 'above',
    firstLevel: 'error',
  },
} as const satisfies Record<string, Threshold>;

export const MONITORING_THRESHOLDS = { ...VITAL_THRESHOLDS, ...SERVICE_THRESHOLDS } as const;

export type Vital = keyof typeof VITAL_THRESHOLDS;
export type Metric = keyof typeof MONITORING_THRESHOLDS;

export const VITALS = Object.keys(VITAL_THRESHOLDS) as Vital[];

/** Milliseconds per unit of each vital: the browser reports every time in milliseconds, CLS bare. */
export const VITAL_MS_PER_UNIT: Record<Vital, number> = { lcp: 1000, inp: 1, cls: 1, fcp: 1000, ttfb: 1000 };

function worseThan(threshold: Threshold, value: number, limit: number): boolean {
  return threshold.direction === 'above' ? value > limit : value < limit;
}

/** `info` while within the first limit; the first level past it; `critical` past the second. */
export function alertLevelFor(metric: Metric, value: number): AlertLevel {
  const threshold: Threshold = MONITORING_THRESHOLDS[metric];
  if (worseThan(threshold, value, threshold.critical)) return 'critical';
  if (worseThan(threshold, value, threshold.warning)) return threshold.firstLevel;
  return 'info';
}

/** The status badge of a measurement: excellent, good, needs-improvement or poor. */
export function statusFor(metric: Metric, value: number): Status {
  const threshold: Threshold = MONITORING_THRESHOLDS[metric];
  if (worseThan(threshold, value, threshold.critical)) return 'poor';
  if (worseThan(threshold, value, threshold.warning)) return 'needs-improvement';
  if (worseThan(threshold, value, threshold.excellent)) return 'good';
  return 'excellent';
}

/** Levels from least to most serious: an alert "opens" at Warning or worse. */
export const LEVEL_ORDER: readonly AlertLevel[] = ['info', 'warning', 'error', 'critical'];

export function isAtLeast(level: AlertLevel, floor: AlertLevel): boolean {
  return LEVEL_ORDER.indexOf(level) >= LEVEL_ORDER.indexOf(floor);
}

export const ALERT_LEVELS: ReadonlyArray<{ level: AlertLevel; label: string; meaning: string; response: string }> = [
  {
    level: 'info',
    label: 'Info',
    meaning: 'Eventos normales y mediciones dentro de su umbral: despliegue terminado, arranque, correo enviado.',
    response: 'Nada que hacer; queda en los registros.',
  },
  {
    level: 'warning',
    label: 'Warning',
    meaning:
      'El p75 de una métrica de campo cruzó su umbral de advertencia, la disponibilidad bajó de 99.9 % o la cola de correos se acumula.',
    response: 'Revisar en el día hábil siguiente: qué página y qué dispositivo, en /admin/monitoring.',
  },
  {
    level: 'error',
    label: 'Error',
    meaning: 'Algo falló para un visitante: respuestas 5xx de la API o correos marcados como fallidos.',
    response: 'Atender el mismo día; el lead ya está guardado.',
  },
  {
    level: 'critical',
    label: 'Critical',
    meaning: 'Sitio o API caídos, disponibilidad bajo 99.5 %, LCP arriba de 4 s o INP arriba de 500 ms.',
    response: 'Atender de inmediato, también fuera de horario.',
  },
];
