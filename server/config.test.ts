import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../core/content/load.ts';
import { loadServerConfig } from './config.ts';
import { ConfigError } from './errors.ts';

describe('loadServerConfig', () => {
  it('has working defaults', () => {
    const config = loadServerConfig({});
    expect(config).toMatchObject({
      databasePath: 'data/leads.db',
      databaseUrl: undefined,
      databasePoolMax: 10,
      bookingLimitPerDay: 2,
      scheduleRateLimitMax: 120,
      outboxGiveUpHours: 168,
      outboxLeaseMs: 120_000,
      smtpTimeoutMs: 10_000,
      shutdownTimeoutMs: 10_000,
      shutdownDelayMs: 5000,
      outboxDir: 'data/outbox',
      smtpUrl: undefined,
      mailFrom: 'Angram <hola@angram.mx>',
      salesEmail: 'ventas@angram.mx',
      siteUrl: 'https://www.angram.mx',
      nodeEnv: 'production',
      allowedOrigins: ['https://www.angram.mx'],
      rateLimitMax: 5,
      rateLimitWindowMs: 600_000,
      trustProxy: { kind: 'hops', hops: 0 },
      port: 8081,
      bodyLimitBytes: 32 * 1024,
      assignee: 'Equipo de Ventas',
    });
  });

  it('reads every variable; empty ones count as unset', () => {
    const config = loadServerConfig({
      DATABASE_PATH: '/var/lib/angram/leads.db',
      DATABASE_URL: 'postgres://angram:secreto@db.interna:5432/angram',
      DATABASE_POOL_MAX: '20',
      BOOKING_LIMIT_PER_DAY: '3',
      SCHEDULE_RATE_LIMIT_MAX: '60',
      OUTBOX_GIVE_UP_HOURS: '72',
      OUTBOX_LEASE_MS: '60000',
      SMTP_TIMEOUT_MS: '5000',
      SHUTDOWN_TIMEOUT_MS: '20000',
      SHUTDOWN_DELAY_MS: '0',
      OUTBOX_DIR: '',
      SMTP_URL: 'smtp://ventas:secreto@smtp.example.mx:587',
      SALES_EMAIL: 'leads@angram.mx',
      SITE_URL: 'https://angram.mx/',
      NODE_ENV: 'development',
      RATE_LIMIT_MAX: '10',
      RATE_LIMIT_WINDOW_MS: '60000',
      TRUST_PROXY: 'true',
      IP_HASH_SALT: 'una-sal-larga-de-prueba',
      OUTBOX_RETRY_BASE_MS: '5000',
      API_PORT: '9090',
      PUBLIC_CONTACT_EMAIL: 'contacto@angram.mx',
      PUBLIC_WHATSAPP_NUMBER: '+52 55 1234 5678',
    });
    expect(config).toMatchObject({
      databasePath: '/var/lib/angram/leads.db',
      databaseUrl: 'postgres://angram:secreto@db.interna:5432/angram',
      databasePoolMax: 20,
      bookingLimitPerDay: 3,
      scheduleRateLimitMax: 60,
      outboxGiveUpHours: 72,
      outboxLeaseMs: 60_000,
      smtpTimeoutMs: 5000,
      shutdownTimeoutMs: 20_000,
      shutdownDelayMs: 0,
      outboxDir: 'data/outbox',
      smtpUrl: 'smtp://ventas:secreto@smtp.example.mx:587',
      salesEmail: 'leads@angram.mx',
      allowedOrigins: ['https://angram.mx', 'http://localhost:4321'],
      rateLimitMax: 10,
      rateLimitWindowMs: 60_000,
      trustProxy: { kind: 'hops', hops: 1 },
      ipHashSalt: 'una-sal-larga-de-prueba',
      outboxRetryBaseMs: 5000,
      port: 9090,
    });
    // The sender follows the public contact address unless MAIL_FROM says otherwise.
    expect(config.mailFrom).toBe('Angram <contacto@angram.mx>');
    expect(config.contact.whatsappNumber).toBe('525512345678');
    expect(loadServerConfig({ MAIL_FROM: 'Ventas Angram <ventas@angram.mx>' }).mailFrom).toBe(
      'Ventas Angram <ventas@angram.mx>',
    );
    expect(loadServerConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadServerConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1,::1 ' }).trustProxy).toMatchObject({
      kind: 'list',
      proxies: ['10.0.0.0/8', '127.0.0.1', '::1'],
    });
  });

  it('names every invalid variable in one clear error', () => {
    const attempt = () =>
      loadServerConfig({
        RATE_LIMIT_MAX: 'cinco',
        MAIL_FROM: 'Angram <hola>',
        SMTP_URL: 'http://mail',
        SALES_EMAIL: 'ventas',
        SITE_URL: 'angram.mx',
        TRUST_PROXY: 'quizá',
        DATABASE_URL: 'mysql://db/angram',
        BOOKING_LIMIT_PER_DAY: '0',
        SHUTDOWN_DELAY_MS: '-1',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Configuración inválida de la API');
      for (const name of [
        'RATE_LIMIT_MAX',
        'MAIL_FROM',
        'SMTP_URL',
        'SALES_EMAIL',
        'SITE_URL',
        'TRUST_PROXY',
        'DATABASE_URL',
        'BOOKING_LIMIT_PER_DAY',
        'SHUTDOWN_DELAY_MS',
      ])
        expect(message).toContain(`- ${name}:`);
    }
  });

  it('accepts every pino level in LOG_LEVEL and refuses anything else, in Spanish', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', ''])
      expect(() => loadServerConfig({ LOG_LEVEL: level })).not.toThrow();
    for (const level of ['verbose', 'INFO', 'warning', '30']) {
      const attempt = () => loadServerConfig({ LOG_LEVEL: level });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/- LOG_LEVEL: LOG_LEVEL debe ser uno de: fatal, error, warn, info, debug, trace, silent/);
    }
  });

  it('enforces the retention the notice states, and refuses the variables that once changed it', () => {
    expect(loadServerConfig({}).retention).toEqual(loadContentFacts().privacy.retention);
    const attempt = () => loadServerConfig({ LEAD_RETENTION_MONTHS: '12' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/- LEAD_RETENTION_MONTHS ya no se lee: .*content\/privacy\.yaml \(retention\.leadMonths\)/);
    expect(() => loadServerConfig({ LEAD_RETENTION_MONTHS: ' ', MAIL_BODY_RETENTION_DAYS: '' })).not.toThrow();
  });
});
