/**
 * The mailbox reader's variables, read with the rest of the server's (server/config.ts). Without `IMAP_URL`
 * nothing is read, and the lead page says how to turn it on.
 */
import { z } from 'zod';
import { blank } from '../../env-blank.ts';

export interface RepliesConfig {
  /** `imaps://user:password@host:993` or `imap://…` (`IMAP_URL`): the team's mailbox; undefined: off. */
  imapUrl: string | undefined;
  /** The folder read (`IMAP_MAILBOX`, default `INBOX`). */
  mailbox: string;
  /** How often the mailbox is read, across all instances (`IMAP_POLL_SECONDS`). */
  pollMs: number;
  /** Longest wait for the server's greeting or its next answer (`IMAP_TIMEOUT_MS`). */
  timeoutMs: number;
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

/** Merged into the server's variable schema. */
export const REPLIES_ENV = {
  IMAP_URL: z.preprocess(
    blank,
    z
      .string()
      .refine(
        (value) => /^imaps?:\/\//i.test(value) && URL.canParse(value) && new URL(value).username !== '',
        'IMAP_URL debe ser imaps://usuario:contraseña@servidor (o imap://) con usuario',
      )
      .optional(),
  ),
  IMAP_MAILBOX: z.preprocess(blank, z.string().max(200, 'IMAP_MAILBOX es demasiado largo').default('INBOX')),
  IMAP_POLL_SECONDS: count('IMAP_POLL_SECONDS', 60),
  IMAP_TIMEOUT_MS: count('IMAP_TIMEOUT_MS', 30_000),
};

type RepliesEnv = z.output<z.ZodObject<typeof REPLIES_ENV>>;

export function repliesConfigOf(values: RepliesEnv): RepliesConfig {
  return {
    imapUrl: values.IMAP_URL,
    mailbox: values.IMAP_MAILBOX,
    pollMs: values.IMAP_POLL_SECONDS * 1000,
    timeoutMs: values.IMAP_TIMEOUT_MS,
  };
}
