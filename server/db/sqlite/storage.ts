/**
 * The embedded engine: one SQLite file, owned by a worker thread (./worker.ts) so that commits and lock
 * waits never block the event loop. One connection serves the process, so work is queued: a
 * transaction holds the queue from BEGIN IMMEDIATE to COMMIT, other calls wait their turn. Several
 * processes may share the file (WAL); SQLite's write lock orders their transactions.
 */
import { Worker } from 'node:worker_threads';
import { runMigrations } from '../migrate.ts';
import {
  DatabaseError,
  type Queryable,
  type RunResult,
  type SqlValue,
  type Storage,
  type Transaction,
} from '../storage.ts';
import { createTransactionGuard } from '../transaction-guard.ts';
import type { SqliteFailure, SqliteReply, SqliteRequest, SqliteWorkerData } from './protocol.ts';

export const BUSY_TIMEOUT_MS = 5000;

export interface SqliteOptions {
  /** `FULL` (default) survives a power cut; `NORMAL` survives a process crash and commits faster. */
  synchronous?: 'FULL' | 'NORMAL';
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

type Call = (request: DistributiveOmit<SqliteRequest, 'id'>) => Promise<unknown>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function toError(failure: SqliteFailure): Error {
  if (failure.unique) return new DatabaseError('unique', failure.message);
  if (failure.unavailable) return new DatabaseError('unavailable', `SQLite no está disponible: ${failure.message}`);
  return new Error(failure.message);
}

export async function openSqliteStorage(path: string, options: SqliteOptions = {}): Promise<Storage> {
  const workerData: SqliteWorkerData = {
    path,
    busyTimeoutMs: BUSY_TIMEOUT_MS,
    synchronous: options.synchronous ?? 'FULL',
  };
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let broken: Error | undefined;

  const opened = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (reply: SqliteReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    // The thread keeps the process alive only while an answer is awaited.
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(toError(reply.error));
  });
  const failAll = (error: Error) => {
    broken = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', (error: Error) => failAll(error));
  worker.on('exit', (code) => failAll(new DatabaseError('unavailable', `El hilo de SQLite terminó (código ${code}).`)));
  await opened;

  const call: Call = (request) => {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...request, id });
    });
  };

  // One connection: calls run one after another; a transaction keeps its place until it ends.
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  }

  const guard = createTransactionGuard();

  const direct: Queryable = {
    dialect: 'sqlite',
    async all<T>(sql: string, params: readonly SqlValue[] = []) {
      return (await call({ op: 'all', sql, params })) as T[];
    },
    async get<T>(sql: string, params: readonly SqlValue[] = []) {
      const rows = (await call({ op: 'all', sql, params })) as T[];
      return rows[0];
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      return (await call({ op: 'run', sql, params })) as RunResult;
    },
  };

  const tx: Transaction = {
    ...direct,
    // BEGIN IMMEDIATE already holds the database's only write lock.
    lock() {
      return Promise.resolve();
    },
    async exec(sql) {
      await call({ op: 'exec', sql });
    },
  };

  let closing: Promise<void> | undefined;

  const storage: Storage = {
    dialect: 'sqlite',
    description: `sqlite:${path}`,
    all(sql, params) {
      guard.assertOutside();
      return exclusive(() => direct.all(sql, params));
    },
    get(sql, params) {
      guard.assertOutside();
      return exclusive(() => direct.get(sql, params));
    },
    run(sql, params) {
      guard.assertOutside();
      return exclusive(() => direct.run(sql, params));
    },
    transaction(work) {
      guard.assertOutside();
      return exclusive(async () => {
        await call({ op: 'begin' });
        try {
          const result = await guard.run(() => work(tx));
          await call({ op: 'commit' });
          return result;
        } catch (error) {
          await call({ op: 'rollback' }).catch(() => undefined);
          throw error;
        }
      });
    },
    migrate(module, migrations) {
      return runMigrations(storage, module, migrations);
    },
    async ping() {
      await storage.get('SELECT 1 AS ok');
    },
    close() {
      closing ??= exclusive(async () => {
        if (!broken) await call({ op: 'close' }).catch(() => undefined);
        await worker.terminate();
      });
      return closing;
    },
  };
  return storage;
}
