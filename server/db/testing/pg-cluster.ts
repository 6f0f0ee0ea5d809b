/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: Debian's binaries
 * (/usr/lib/postgresql/<version>/bin), a data folder in the temp directory owned by the `postgres`
 * user (the server refuses to run as root), a free loopback port, and `stop()` that removes it all.
 * `initdb` is slow on a busy machine, so its result is kept as a template per version and copied.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication on loopback). */
  url: string;
  port: number;
  /** Shuts the server down, keeping its data (a restart, a failover): connections end, new ones are refused. */
  halt(): Promise<void>;
  /** Starts it again on the same port, after `halt`. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder, or `undefined` when none is installed. */
export function findPostgresBin(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((name) => existsSync(join(ROOT, name, 'bin', 'initdb')) && existsSync(join(ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(ROOT, versions[0], 'bin') : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = userInfo().uid === 0;

/** Runs a PostgreSQL binary as `postgres` when we are root (tests run as root here and in CI). */
function runPg(bin: string, tool: string, args: string[]) {
  const command = join(bin, tool);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

async function giveToPostgres(path: string): Promise<void> {
  if (!asRoot) return;
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  await chown(path, Number(stdout.trim()), Number(gid.trim()));
}

async function template(bin: string): Promise<string> {
  const version = bin.split('/').at(-2) ?? 'pg';
  const path = join(tmpdir(), `angram-pg-template-${version}`);
  if (existsSync(join(path, 'PG_VERSION'))) return path;
  const building = await mkdtemp(join(tmpdir(), 'angram-pg-initdb-'));
  await giveToPostgres(building);
  const data = join(building, 'data');
  await runPg(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // Another run may have finished first: keep whichever template landed.
  await rename(data, path).catch(() => undefined);
  await rm(building, { recursive: true, force: true });
  return path;
}

export interface ClusterOptions {
  /** Skip fsync: fast and fine for tests, never for a benchmark that counts what survives. */
  durable?: boolean;
}

export async function startPgCluster(options: ClusterOptions = {}): Promise<PgCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(`No hay binarios de PostgreSQL en ${ROOT}: instala el paquete postgresql de Debian.`);
  const dir = await mkdtemp(join(tmpdir(), 'angram-pg-'));
  await giveToPostgres(dir);
  const data = join(dir, 'data');
  await cp(await template(bin), data, { recursive: true, preserveTimestamps: true });
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', data]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ];
  const start = () =>
    runPg(bin, 'pg_ctl', [
      '-D',
      data,
      '-o',
      settings.join(' '),
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  await start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async halt() {
      await runPg(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async resume() {
      await start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await runPg(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
