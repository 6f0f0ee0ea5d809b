/** The translation system's variables, read with the rest of the server's (server/config.ts). */
import { z } from 'zod';
import { blank } from '../env-blank.ts';

export interface TranslationsConfig {
  /** How often each instance looks for edits made on another (`TRANSLATIONS_POLL_S`). */
  pollMs: number;
  /** Called (POST) after an edit, when the static files live on a CDN that builds on a hook (`PUBLISH_HOOK_URL`). */
  publishHookUrl: string | undefined;
}

/** Merged into the server's variable schema. */
export const TRANSLATIONS_ENV = {
  TRANSLATIONS_POLL_S: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'TRANSLATIONS_POLL_S debe ser un número de segundos' })
      .int('TRANSLATIONS_POLL_S debe ser entero')
      .min(1, 'TRANSLATIONS_POLL_S debe ser al menos 1')
      .max(120, 'TRANSLATIONS_POLL_S debe ser a lo más 120: un cambio debe llegar en menos de dos minutos')
      .default(30),
  ),
  PUBLISH_HOOK_URL: z.preprocess(
    blank,
    z.url({ protocol: /^https?$/, error: 'PUBLISH_HOOK_URL debe ser una URL http(s)' }).optional(),
  ),
};

type TranslationsEnv = z.output<z.ZodObject<typeof TRANSLATIONS_ENV>>;

export function translationsConfigOf(values: TranslationsEnv): TranslationsConfig {
  return { pollMs: values.TRANSLATIONS_POLL_S * 1000, publishHookUrl: values.PUBLISH_HOOK_URL };
}
