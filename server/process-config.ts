/**
 * The server process's whole configuration, read from its environment here and nowhere else: the API's
 * and the inbox's settings (server/config.ts, server/admin/config.ts), where it listens and which built
 * site it serves (`HOST`, `PORT`, `DIST_DIR`). Each part is validated before anything
 * opens, and a bad variable stops the start with its name, in Spanish.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { loadAdminConfig, type AdminConfig } from './admin/config.ts';
import { loadServerConfig, type ServerConfig } from './config.ts';
import { ConfigError, invalidConfig, variableProblems } from './errors.ts';
import { blank } from './env-blank.ts';
import { withLocalSiteUrl } from './local-site-url.ts';

/** What a process serves: the built site with the API and the inbox (`npm start`), or those two alone (`npm run api`). */
export type ServerKind = 'site' | 'api';

export interface ListenConfig {
  host: string;
  port: number;
  /** The built site (`DIST_DIR`, default `dist/`); none for the API alone. */
  distDir: string | undefined;
}

export interface ProcessConfig {
  server: ServerConfig;
  admin: AdminConfig;
  listen: ListenConfig;
}

const siteSchema = z.object({
  HOST: z.preprocess(blank, z.string().optional()),
  PORT: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'PORT debe ser un número entre 0 y 65535' })
      .int('PORT debe ser un número entre 0 y 65535')
      .min(0, 'PORT debe ser un número entre 0 y 65535')
      .max(65535, 'PORT debe ser un número entre 0 y 65535')
      .optional(),
  ),
  DIST_DIR: z.preprocess(blank, z.string().optional()),
});

/** Where `npm start` listens and the site it serves. */
function siteListen(env: NodeJS.ProcessEnv): ListenConfig {
  const result = siteSchema.safeParse(env);
  if (!result.success) throw invalidConfig('del servidor', variableProblems(result.error.issues));
  const { HOST, PORT, DIST_DIR } = result.data;
  return { host: HOST ?? '127.0.0.1', port: PORT ?? 4321, distDir: resolve(DIST_DIR ?? 'dist') };
}

/** Whether `error` is a configuration's refusal, whose message is all the operator needs. */
export function isConfigError(error: unknown): error is Error {
  return error instanceof ConfigError;
}

/** Reads and validates the process's environment; throws a `ConfigError` naming each bad variable. */
export function loadProcessConfig(kind: ServerKind, env: NodeJS.ProcessEnv = process.env): ProcessConfig {
  let server: ServerConfig;
  let listen: ListenConfig;
  if (kind === 'site') {
    listen = siteListen(env);
    // Without SITE_URL, a local run's e-mails link to this server (server/local-site-url.ts).
    server = loadServerConfig(withLocalSiteUrl(env, listen.host, listen.port));
  } else {
    server = loadServerConfig(env);
    // The API alone answers `astro dev` from any address of the machine, on API_PORT.
    listen = { host: '::', port: server.port, distDir: undefined };
  }
  // Checked before anything opens: a bad inbox variable stops the start with its name.
  return { server, admin: loadAdminConfig(env), listen };
}
