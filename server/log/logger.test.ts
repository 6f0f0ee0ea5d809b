/** Log lines at the level LOG_LEVEL names, with no secret and no e-mail address, whatever a message quotes. */
import { describe, expect, it, vi } from 'vitest';
import { createLogger, isLogLevel, LOG_LEVELS, silentLogger, withoutAddresses, type LogLevel } from './logger.ts';

describe('withoutAddresses', () => {
  it('replaces every address, in any form an SMTP answer or a JSON line writes it', () => {
    expect(withoutAddresses('550 5.1.1 <Lucia.H+ventas@ferremax.com.mx>: Recipient address rejected')).toBe(
      '550 5.1.1 <[correo]>: Recipient address rejected',
    );
    expect(withoutAddresses('{"error":"no existe ana@empresa.mx","to":"otra@ejemplo.org"}')).toBe(
      '{"error":"no existe [correo]","to":"[correo]"}',
    );
  });

  it('leaves text without an address as it is', () => {
    for (const text of ['Buzón inexistente', '2026-11-23T14:00:00.000Z', '@usuario sin dominio', 'a@b'])
      expect(withoutAddresses(text)).toBe(text);
  });
});

/** 43 characters of base64url, as the manage, sign-in and calendar tokens are. */
const TOKEN = 'kQ7vX2mN9pLr4TgW8yHc1ZsB6dFj3AeU0oIq5KxVbRn';

/** A logger at `level` whose lines are kept, parsed, in the returned list. */
function recorded(level: LogLevel) {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('createLogger', () => {
  it('writes one JSON line per event, the event and its fields, with the level by name', () => {
    const { logger, lines, parsed } = recorded('info');
    logger.info('api.listening', { url: 'http://localhost:8787/api/' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\n$/);
    expect(lines[0]).toContain('"event":"api.listening","url":"http://localhost:8787/api/"');
    expect(parsed()[0]).toMatchObject({ level: 'info', event: 'api.listening' });
    expect(Date.parse(String(parsed()[0]?.time))).not.toBeNaN();
  });

  it.each([
    ['trace', ['info', 'warn', 'error']],
    ['debug', ['info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['fatal', []],
    ['silent', []],
  ] as const)('at %s writes the events of %j', (level, written) => {
    const { logger, parsed } = recorded(level);
    logger.info('uno');
    logger.warn('dos');
    logger.error('tres');
    expect(parsed().map((line) => line.level)).toEqual(written);
  });

  it('knows exactly pino’s level names', () => {
    for (const level of LOG_LEVELS) expect(isLogLevel(level)).toBe(true);
    for (const value of ['', 'INFO', 'verbose', 'warning', '30', ' info']) expect(isLogLevel(value)).toBe(false);
  });

  it('censors fields named for a secret or a person, at the top and one level down', () => {
    const { logger, lines, parsed } = recorded('info');
    logger.warn('admin.login_failed', {
      password: 'Contraseña-Secreta-1',
      token: TOKEN,
      email: 'lucia@ferremax.com.mx',
      ip: '203.0.113.77',
      request: { authorization: `Bearer ${TOKEN}`, cookie: `angram_session=${TOKEN}`, address: '198.51.100.4' },
      account: 12,
    });
    const [line] = parsed();
    expect(line).toMatchObject({ password: '[oculto]', token: '[oculto]', email: '[oculto]', ip: '[oculto]' });
    expect(line?.request).toEqual({ authorization: '[oculto]', cookie: '[oculto]', address: '[oculto]' });
    expect(line?.account).toBe(12);
    for (const secret of [TOKEN, 'Contraseña-Secreta-1', 'ferremax', '203.0.113.77', '198.51.100.4'])
      expect(lines.join('')).not.toContain(secret);
  });

  it('hides addresses and link tokens quoted in free text', () => {
    const { logger, lines } = recorded('info');
    logger.error('outbox.failed', { error: '550 <ana@empresa.mx>: rejected' });
    logger.error('api.error', { error: `fetch /reunion?t=${TOKEN} failed`, detail: `GET /x?a=1&token=${TOKEN}` });
    logger.error('admin.error', { error: `no such file /admin/calendario/12-${TOKEN}.ics` });
    const text = lines.join('');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('ana@empresa.mx');
    expect(text).toContain('/reunion?t=[oculto] failed');
    expect(text).toContain('&token=[oculto]');
    expect(text).toContain('/admin/calendario/12-[oculto].ics');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toHaveLength(3);
  });

  it('leaves a path loggableUrl already hid as it is', () => {
    const { logger, parsed } = recorded('info');
    logger.error('admin.error', { url: '/admin/calendario/12-[oculto].ics' });
    expect(parsed()[0]?.url).toBe('/admin/calendario/12-[oculto].ics');
  });
});

describe('silentLogger', () => {
  it('writes nothing', () => {
    const write = vi.spyOn(process.stderr, 'write');
    silentLogger.error('nada', { error: 'x' });
    expect(write).not.toHaveBeenCalled();
    write.mockRestore();
  });
});
