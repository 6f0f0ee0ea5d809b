/**
 * The monitoring thresholds the wiki documents, and the alert level a measurement raises.
 * Info and Error are events (a deploy, a failed request); Warning and Critical come from these limits.
 */
export type AlertLevel = 'info' | 'warning' | 'error' | 'critical';

export interface Threshold {
  label: string;
  unit: string;
  warning: number;
  critical: number;
  /** `above`: worse when higher (LCP); `below`: worse when lower (uptime). */
  direction: 'above' | 'below';
}

export const MONITORING_THRESHOLDS = {
  lcp: { label: 'LCP (Largest Contentful Paint)', unit: 's', warning: 2.5, critical: 4, direction: 'above' },
  fid: { label: 'FID / INP (retraso de la interacción)', unit: 'ms', warning: 100, critical: 300, direction: 'above' },
  cls: { label: 'CLS (Cumulative Layout Shift)', unit: '', warning: 0.1, critical: 0.25, direction: 'above' },
  uptime: { label: 'Disponibilidad (uptime mensual)', unit: '%', warning: 99.9, critical: 99.5, direction: 'below' },
} as const satisfies Record<string, Threshold>;

export type Metric = keyof typeof MONITORING_THRESHOLDS;

/** `info` while within the limit; `warning` past it; `critical` past the critical one. */
export function alertLevelFor(metric: Metric, value: number): Exclude<AlertLevel, 'error'> {
  const threshold: Threshold = MONITORING_THRESHOLDS[metric];
  const worse = (limit: number) => (threshold.direction === 'above' ? value > limit : value < limit);
  if (worse(threshold.critical)) return 'critical';
  if (worse(threshold.warning)) return 'warning';
  return 'info';
}

export const ALERT_LEVELS: ReadonlyArray<{ level: AlertLevel; label: string; meaning: string; response: string }> = [
  {
    level: 'info',
    label: 'Info',
    meaning: 'Eventos normales: despliegue terminado, arranque de la API, correo enviado.',
    response: 'Nada que hacer; queda en los registros.',
  },
  {
    level: 'warning',
    label: 'Warning',
    meaning: 'Una métrica cruzó su umbral de advertencia o un correo se reintenta.',
    response: 'Revisar en el día hábil siguiente.',
  },
  {
    level: 'error',
    label: 'Error',
    meaning: 'Algo falló para un visitante: respuesta 500 de la API, correo marcado failed, compilación rota.',
    response: 'Atender el mismo día; el lead ya está guardado.',
  },
  {
    level: 'critical',
    label: 'Critical',
    meaning: 'Sitio o API caídos, disponibilidad bajo 99.5 % o LCP arriba de 4 s.',
    response: 'Atender de inmediato, también fuera de horario.',
  },
];
