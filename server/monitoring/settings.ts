/**
 * The monitoring's variables, read with the rest of the server's (server/config.ts). `VITALS_SAMPLE_RATE`
 * is not here: the pages read it when they are built (astro.config.mjs).
 */
import { z } from 'zod';
import { blank } from '../env-blank.ts';

export interface MonitoringConfig {
  /** Days of vitals and page views kept (`VITALS_RETENTION_DAYS`). */
  vitalsRetentionDays: number;
  /** Below this many measurements a page type's status is "sin dato" (`VITALS_MIN_SAMPLES`). */
  vitalsMinSamples: number;
  /** Beacons accepted per address and minute on one instance (`VITALS_RATE_LIMIT_PER_MINUTE`). */
  vitalsPerMinute: number;
  /** What the uptime check requests (`UPTIME_URL`, comma-separated); empty: the instance's own `/` and `/api/ready`. */
  uptimeUrls: string[];
  /** Seconds between two uptime checks across all instances (`UPTIME_INTERVAL_S`). */
  uptimeIntervalMs: number;
  /** Who gets the alert e-mails (`ALERT_EMAIL`); undefined: every active admin account. */
  alertEmail: string | undefined;
  /** Bearer token of `GET /metrics` (`METRICS_TOKEN`); undefined: /metrics always answers 401. */
  metricsToken: string | undefined;
}

const count = (name: string, fallback: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${name} debe ser un número` })
      .int(`${name} debe ser entero`)
      .positive(`${name} debe ser mayor que 0`)
      .default(fallback),
  );

const urlList = z.preprocess(
  blank,
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.every((item) => /^https?:\/\//i.test(item) && URL.canParse(item)),
      'UPTIME_URL debe ser una o varias URL http(s) separadas por comas',
    ),
);

/** Merged into the server's variable schema. */
export const MONITORING_ENV = {
  VITALS_RETENTION_DAYS: count('VITALS_RETENTION_DAYS', 400),
  VITALS_MIN_SAMPLES: count('VITALS_MIN_SAMPLES', 50),
  VITALS_RATE_LIMIT_PER_MINUTE: count('VITALS_RATE_LIMIT_PER_MINUTE', 60),
  UPTIME_URL: urlList,
  UPTIME_INTERVAL_S: count('UPTIME_INTERVAL_S', 60),
  ALERT_EMAIL: z.preprocess(blank, z.email('ALERT_EMAIL debe ser un correo electrónico').optional()),
  METRICS_TOKEN: z.preprocess(blank, z.string().min(16, 'METRICS_TOKEN debe tener al menos 16 caracteres').optional()),
};

type MonitoringEnv = z.output<z.ZodObject<typeof MONITORING_ENV>>;

export function monitoringConfigOf(values: MonitoringEnv): MonitoringConfig {
  return {
    vitalsRetentionDays: values.VITALS_RETENTION_DAYS,
    vitalsMinSamples: values.VITALS_MIN_SAMPLES,
    vitalsPerMinute: values.VITALS_RATE_LIMIT_PER_MINUTE,
    uptimeUrls: values.UPTIME_URL,
    uptimeIntervalMs: values.UPTIME_INTERVAL_S * 1000,
    alertEmail: values.ALERT_EMAIL,
    metricsToken: values.METRICS_TOKEN,
  };
}
