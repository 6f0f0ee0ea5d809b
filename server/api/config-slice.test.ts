/**
 * `createApi` is handed the API's slice of the configuration: what its modules read is copied out, and the
 * database's address, the secrets of other parts and the process's own settings stay behind.
 */
import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../config.ts';
import { apiConfigOf } from './config-slice.ts';

const config = loadServerConfig({
  DATABASE_URL: 'postgres://angram:secreto@db.interno:5432/leads',
  SMTP_URL: 'smtp://ventas:clave@correo.interno:587',
  METRICS_TOKEN: 'token-de-metricas-de-prueba-0123456789',
  IMAP_URL: 'imaps://ventas:clave@correo.interno:993',
  NODE_ENV: 'test',
});

describe("the API's configuration slice", () => {
  const slice = apiConfigOf(config);

  it('leaves the database, the mailbox, the metrics token and the process settings behind', () => {
    for (const key of ['databaseUrl', 'databasePath', 'databasePoolMax', 'replies', 'logLevel', 'port', 'nodeEnv'])
      expect(slice).not.toHaveProperty(key);
    expect(slice.monitoring).toEqual({ vitalsPerMinute: config.monitoring.vitalsPerMinute });
    expect(slice.translations).toEqual({ pollMs: config.translations.pollMs });
    expect(JSON.stringify(slice)).not.toContain('postgres://');
    expect(JSON.stringify(slice)).not.toContain('token-de-metricas');
  });

  it('copies what the API reads as the configuration says it', () => {
    const { monitoring: _monitoring, translations: _translations, ...rest } = slice;
    for (const [key, value] of Object.entries(rest)) expect(value, key).toBe(config[key as keyof typeof config]);
    expect(slice.smtpUrl).toBe('smtp://ventas:clave@correo.interno:587');
  });
});
