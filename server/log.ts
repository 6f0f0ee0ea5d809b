/** Minimal structured logger: one JSON line per event on stderr, so stdout stays for the address line. */
type Level = 'info' | 'warn' | 'error';

function serialize(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  const entries = Object.entries(fields).map(([key, value]) => [key, serialize(value)]);
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...Object.fromEntries(entries) })}\n`);
}

export const log = {
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
