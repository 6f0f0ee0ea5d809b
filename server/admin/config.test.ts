import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.ts';
import { loadAdminConfig } from './config.ts';

describe('inbox configuration', () => {
  it('has defaults for everything', () => {
    expect(loadAdminConfig({})).toEqual({
      sessionIdleMs: 120 * 60_000,
      sessionMaxMs: 12 * 3_600_000,
      secret: undefined,
      // OWASP's scrypt minimum.
      passwordCost: { logN: 17, r: 8, p: 1 },
      emailsPerHour: 30,
      assignOnArrival: true,
    });
    expect(loadAdminConfig({ ADMIN_SESSION_IDLE_MINUTES: ' ', ADMIN_SECRET: '' }).secret).toBeUndefined();
  });

  it('reads the variables', () => {
    const secret = 'x'.repeat(32);
    expect(
      loadAdminConfig({
        ADMIN_SESSION_IDLE_MINUTES: '30',
        ADMIN_SESSION_MAX_HOURS: '8',
        ADMIN_SECRET: secret,
        ADMIN_PASSWORD_SCRYPT_LOG_N: '18',
        ADMIN_EMAILS_PER_HOUR: '5',
        ADMIN_ASSIGN_ON_ARRIVAL: 'off',
      }),
    ).toEqual({
      sessionIdleMs: 30 * 60_000,
      sessionMaxMs: 8 * 3_600_000,
      secret,
      passwordCost: { logN: 18, r: 8, p: 1 },
      emailsPerHour: 5,
      assignOnArrival: false,
    });
  });

  it('names every bad variable in Spanish', () => {
    expect(() =>
      loadAdminConfig({ ADMIN_SESSION_IDLE_MINUTES: '0', ADMIN_SESSION_MAX_HOURS: 'doce', ADMIN_SECRET: 'corto' }),
    ).toThrow(ConfigError);
    try {
      loadAdminConfig({ ADMIN_SESSION_IDLE_MINUTES: '1.5', ADMIN_SESSION_MAX_HOURS: '99999', ADMIN_SECRET: 'corto' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('ADMIN_SESSION_IDLE_MINUTES debe ser entero');
      expect(message).toContain('ADMIN_SESSION_MAX_HOURS puede ser como máximo 720');
      expect(message).toContain('ADMIN_SECRET debe tener al menos 32 caracteres');
    }
    expect(() => loadAdminConfig({ ADMIN_ASSIGN_ON_ARRIVAL: 'sí' })).toThrow(
      'ADMIN_ASSIGN_ON_ARRIVAL debe ser on u off',
    );
  });
});
