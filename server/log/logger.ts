/**
 * A tiny structured logger: one JSON line per event on stderr (stdout stays free for data, e.g. the
 * CSV export). Tests pass `silentLogger`.
 */
export interface Logger {
  info(event: string, details?: Record<string, unknown>): void;
  warn(event: string, details?: Record<string, unknown>): void;
  error(event: string, details?: Record<string, unknown>): void;
}

/** Anything shaped like an e-mail address (an SMTP server's rejection quotes the recipient). */
const ADDRESS = /[^\s<>()[\]"',;:@]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** `text` with every e-mail address replaced: log lines are read by people who need no one's address. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, '[correo]');
}

function write(level: 'info' | 'warn' | 'error', event: string, details: Record<string, unknown> = {}): void {
  // LOG_LEVEL=silent mutes the process (the browser test suite and benchmarks set it).
  if (process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...details });
  process.stderr.write(`${withoutAddresses(line)}\n`);
}

export const stderrLogger: Logger = {
  info: (event, details) => write('info', event, details),
  warn: (event, details) => write('warn', event, details),
  error: (event, details) => write('error', event, details),
};

/** For tests and quiet runs: every event is dropped. */
const drop = (): void => undefined;
export const silentLogger: Logger = { info: drop, warn: drop, error: drop };

/** A message safe to log from any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
