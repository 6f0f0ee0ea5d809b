/**
 * The server's structured logger: pino (Fastify's own), one JSON line per event on stderr (stdout stays
 * free for data, e.g. the CSV export), at the level LOG_LEVEL names. Call sites see only `Logger`; tests
 * pass `silentLogger` or a recording fake. Nothing that lets someone act as a client or reach them leaves
 * in a line: fields with a secret's name are censored, and e-mail addresses and sign-in or manage tokens
 * quoted in free text (an SMTP answer, an error message) are replaced in the written line.
 */
import { pino, type DestinationStream } from 'pino';

export interface Logger {
  info(event: string, details?: Record<string, unknown>): void;
  warn(event: string, details?: Record<string, unknown>): void;
  error(event: string, details?: Record<string, unknown>): void;
}

/** pino's levels, most to least severe; `silent` writes nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

const HIDDEN = '[oculto]';

/** Field names whose value is a secret or identifies a person, at the top level or one object down. */
const SECRET_FIELDS = [
  'password',
  'token',
  'manageToken',
  'secret',
  'email',
  'address',
  'ip',
  'clientIp',
  'remoteAddress',
  'authorization',
  'cookie',
  'headers',
];
const REDACT_PATHS = SECRET_FIELDS.flatMap((name) => [name, `*.${name}`]);

/** Anything shaped like an e-mail address (an SMTP server's rejection quotes the recipient). */
const ADDRESS = /[^\s<>()[\]"',;:@]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** A sign-in link's `?t=` or a manage link's `?token=` quoted in a message. */
const QUERY_TOKEN = /([?&](?:t|token)=)[^\s"&#\\]+/g;
/** The private calendar feed's path, `/calendario/<id>-<token>.ics`, quoted in a message. */
const CALENDAR_TOKEN = /(\/calendario\/[1-9][0-9]*-)[^\s"/?#\\.[]+/g;

/** `text` with every e-mail address replaced: log lines are read by people who need no one's address. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, '[correo]');
}

/** A written line with no address and no link token, whatever a message quoted. */
export function withoutSecrets(line: string): string {
  return withoutAddresses(line).replace(QUERY_TOKEN, `$1${HIDDEN}`).replace(CALENDAR_TOKEN, `$1${HIDDEN}`);
}

/** A `Logger` writing to `destination` (stderr when omitted) from `level` up. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: HIDDEN },
      hooks: { streamWrite: withoutSecrets },
    },
    destination ?? pino.destination({ dest: 2, sync: true }),
  );
  // The event leads the fields, as it did before pino, so a line reads `"event":"api.listening","url":…`.
  return {
    info: (event, details) => log.info({ event, ...details }),
    warn: (event, details) => log.warn({ event, ...details }),
    error: (event, details) => log.error({ event, ...details }),
  };
}

const stderr = pino.destination({ dest: 2, sync: true });
let stderrLevel: LogLevel = DEFAULT_LOG_LEVEL;
let stderrLog = createLogger(stderrLevel, stderr);

/**
 * The process's level (`LOG_LEVEL`, read with the rest of its configuration), set by its start before
 * anything logs; until then `info`.
 */
export function setLogLevel(level: LogLevel): void {
  if (level === stderrLevel) return;
  stderrLevel = level;
  stderrLog = createLogger(level, stderr);
}

/** The process's logger on stderr, at the level its configuration names. */
export const stderrLogger: Logger = {
  info: (event, details) => stderrLog.info(event, details),
  warn: (event, details) => stderrLog.warn(event, details),
  error: (event, details) => stderrLog.error(event, details),
};

/** For tests and quiet runs: every event is dropped. */
const drop = (): void => undefined;
export const silentLogger: Logger = { info: drop, warn: drop, error: drop };

/** A message safe to log from any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
