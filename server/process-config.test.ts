/** The process's configuration read in one go: where it listens, the site it serves, each bad variable by name. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './errors.ts';
import { isConfigError, loadProcessConfig } from './process-config.ts';

describe('the process configuration', () => {
  it('serves dist/ on 127.0.0.1:4321 by default, its e-mails linking to that address', () => {
    const { listen, server } = loadProcessConfig('site', {});
    expect(listen).toEqual({ host: '127.0.0.1', port: 4321, distDir: resolve('dist') });
    expect(server.siteUrl).toBe('http://127.0.0.1:4321');
  });

  it('keeps a SITE_URL that is set, and the site folder DIST_DIR names', () => {
    const { listen, server } = loadProcessConfig('site', {
      HOST: '0.0.0.0',
      PORT: '8080',
      DIST_DIR: 'build/site',
      SITE_URL: 'https://www.angram.mx',
    });
    expect(listen).toEqual({ host: '0.0.0.0', port: 8080, distDir: resolve('build/site') });
    expect(server.siteUrl).toBe('https://www.angram.mx');
  });

  it('runs the API alone on every address at API_PORT, with no site', () => {
    expect(loadProcessConfig('api', { API_PORT: '9090' }).listen).toEqual({
      host: '::',
      port: 9090,
      distDir: undefined,
    });
  });

  it('hands the log level to the process', () => {
    expect(loadProcessConfig('api', { LOG_LEVEL: 'warn' }).server.logLevel).toBe('warn');
    expect(loadProcessConfig('api', {}).server.logLevel).toBe('info');
  });

  it.each(['abc', '-1', '70000', '80.5'])('refuses PORT=%s in Spanish, naming it', (port) => {
    const load = () => loadProcessConfig('site', { PORT: port });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/- PORT: PORT debe ser un número entre 0 y 65535/);
  });

  it('refuses a bad inbox variable with its own error, both known as configuration errors', () => {
    let thrown: unknown;
    try {
      loadProcessConfig('api', { ADMIN_SECRET: 'corto' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect(isConfigError(thrown)).toBe(true);
    expect(isConfigError(new Error('otra cosa'))).toBe(false);
  });
});
