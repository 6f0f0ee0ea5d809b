/**
 * The inbox's settings from the environment, validated with zod like the API's. Every one is optional.
 * The documentation of each variable is in README.md and .env.example.
 */
import { z } from 'zod';
import { invalidConfig, variableProblems } from '../errors.ts';
import { DEFAULT_COST, type ScryptCost } from './passwords.ts';

export interface AdminConfig {
  /** A session unused for this long ends (`ADMIN_SESSION_IDLE_MINUTES`). */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, used or not (`ADMIN_SESSION_MAX_HOURS`). */
  sessionMaxMs: number;
  /**
   * Key of the CSRF tokens, trusted-device cookies and address hashes (`ADMIN_SECRET`, 32+ characters).
   * Undefined: a random one is created once and kept in the database, shared by every instance.
   */
  secret: string | undefined;
  /**
   * The scrypt cost of new password hashes (`ADMIN_PASSWORD_SCRYPT_LOG_N`, log2 of N; default 17, OWASP's
   * minimum). Lower only in tests, where hundreds of sign-ins would each cost a second.
   */
  passwordCost: ScryptCost;
  /** E-mails one account may send to clients from the inbox per hour (`ADMIN_EMAILS_PER_HOUR`). */
  emailsPerHour: number;
  /**
   * New leads go to a salesperson as they arrive (`ADMIN_ASSIGN_ON_ARRIVAL`, `on` or `off`; default `on`).
   * Off, they arrive unassigned and the team takes them from the list.
   */
  assignOnArrival: boolean;
  /** Whether clients' replies are read from the team's mailbox (the server's `IMAP_URL`, set by server/services.ts). */
  repliesRead?: boolean;
}

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const minutes = (name: string, fallback: number, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${name} debe ser un número` })
      .int(`${name} debe ser entero`)
      .min(1, `${name} debe ser al menos 1`)
      .max(max, `${name} puede ser como máximo ${max}`)
      .optional()
      .transform((value) => value ?? fallback),
  );

const envSchema = z.object({
  ADMIN_SESSION_IDLE_MINUTES: minutes('ADMIN_SESSION_IDLE_MINUTES', 120, 24 * 60),
  ADMIN_SESSION_MAX_HOURS: minutes('ADMIN_SESSION_MAX_HOURS', 12, 30 * 24),
  ADMIN_PASSWORD_SCRYPT_LOG_N: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'ADMIN_PASSWORD_SCRYPT_LOG_N debe ser un número' })
      .int('ADMIN_PASSWORD_SCRYPT_LOG_N debe ser entero')
      .min(10, 'ADMIN_PASSWORD_SCRYPT_LOG_N debe ser al menos 10')
      .max(20, 'ADMIN_PASSWORD_SCRYPT_LOG_N puede ser como máximo 20')
      .optional(),
  ),
  ADMIN_EMAILS_PER_HOUR: minutes('ADMIN_EMAILS_PER_HOUR', 30, 1000),
  ADMIN_ASSIGN_ON_ARRIVAL: z.preprocess(
    blank,
    z.enum(['on', 'off'], { error: 'ADMIN_ASSIGN_ON_ARRIVAL debe ser on u off' }).optional(),
  ),
  ADMIN_SECRET: z.preprocess(blank, z.string().min(32, 'ADMIN_SECRET debe tener al menos 32 caracteres').optional()),
});

export function loadAdminConfig(env: NodeJS.ProcessEnv): AdminConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) throw invalidConfig('de la bandeja de ventas', variableProblems(result.error.issues));
  const values = result.data;
  return {
    sessionIdleMs: values.ADMIN_SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: values.ADMIN_SESSION_MAX_HOURS * 3_600_000,
    secret: values.ADMIN_SECRET,
    emailsPerHour: values.ADMIN_EMAILS_PER_HOUR,
    assignOnArrival: values.ADMIN_ASSIGN_ON_ARRIVAL !== 'off',
    passwordCost: { ...DEFAULT_COST, logN: values.ADMIN_PASSWORD_SCRYPT_LOG_N ?? DEFAULT_COST.logN },
  };
}
