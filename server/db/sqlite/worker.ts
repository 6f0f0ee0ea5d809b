/**
 * The thread that owns the SQLite connection. `node:sqlite` is synchronous: a commit waits for the
 * disk (a full fsync), a busy lock for up to `busy_timeout`. Running it here keeps that wait off the
 * event loop that serves the site. It answers one request at a time, in order (see ./storage.ts).
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { toSqlitePlaceholders } from './placeholders.ts';
import type { SqliteFailure, SqliteReply, SqliteRequest, SqliteWorkerData } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('server/db/sqlite/worker.ts runs only as a worker thread');
const { path, busyTimeoutMs, synchronous } = workerData as SqliteWorkerData;

/** Statements are prepared once; the cache is bounded so generated SQL cannot grow it forever. */
const STATEMENT_CACHE_SIZE = 256;

/** SQLITE_BUSY, in its primary code (extended codes such as SQLITE_BUSY_RECOVERY share the low byte). */
const SQLITE_BUSY = 5;

/**
 * Primary result codes that say "not now" rather than "wrong SQL": BUSY (5) and LOCKED (6) past the
 * busy timeout, READONLY (8, a file made read-only under us), IOERR (10, including a write past the
 * file size limit), FULL (13, the disk), CANTOPEN (14), PROTOCOL (15, a WAL lock race).
 */
const UNAVAILABLE_CODES = new Set([5, 6, 8, 10, 13, 14, 15]);

/** node:sqlite puts SQLite's extended result code on its errors. */
function errcodeOf(error: unknown): number | undefined {
  const errcode = typeof error === 'object' && error !== null ? (error as { errcode?: unknown }).errcode : undefined;
  return typeof errcode === 'number' ? errcode : undefined;
}

function isBusy(error: unknown): boolean {
  const errcode = errcodeOf(error);
  return errcode !== undefined && (errcode & 0xff) === SQLITE_BUSY;
}

/**
 * Switching a new file to WAL needs an exclusive lock, and SQLite answers "database is locked" at once,
 * without its busy handler, while another connection still writes to it in rollback-journal mode (an
 * instance that started a moment earlier on the same fresh file). So the switch retries, within the
 * same budget as any other lock wait.
 */
function withBusyRetry(work: () => void): void {
  const deadline = Date.now() + busyTimeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 1; ; attempt++) {
    try {
      work();
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      Atomics.wait(pause, 0, 0, Math.min(5 * attempt, 50));
    }
  }
}

let db: DatabaseSync;
try {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // The database holds personal data: only its owner reads it. SQLite gives its -wal and -shm files the
    // database file's own permissions, so creating it 0600 covers them too; an older 0644 file is narrowed.
    closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
  }
  db = new DatabaseSync(path);
  db.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  withBusyRetry(() => db.exec('PRAGMA journal_mode = WAL'));
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  db.exec('PRAGMA foreign_keys = ON');
  // Freed space is overwritten with zeros: an erased or rewritten row leaves nothing readable in the file.
  db.exec('PRAGMA secure_delete = ON');
  port.postMessage({ id: 0, ok: true, result: null } satisfies SqliteReply);
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: describe(error) } satisfies SqliteReply);
  process.exit(1);
}

const statements = new Map<string, StatementSync>();

function statement(sql: string): StatementSync {
  let prepared = statements.get(sql);
  if (!prepared) {
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
    prepared = db.prepare(toSqlitePlaceholders(sql));
    statements.set(sql, prepared);
  }
  return prepared;
}

function describe(error: unknown): SqliteFailure {
  const errcode = errcodeOf(error);
  // SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY (1555).
  const unique = errcode === 2067 || errcode === 1555;
  const unavailable = errcode !== undefined && UNAVAILABLE_CODES.has(errcode & 0xff);
  return { message: error instanceof Error ? error.message : String(error), unique, unavailable };
}

function execute(request: SqliteRequest): unknown {
  switch (request.op) {
    case 'all':
      return statement(request.sql).all(...(request.params as SQLInputValue[]));
    case 'run':
      return { changes: Number(statement(request.sql).run(...(request.params as SQLInputValue[])).changes) };
    case 'exec':
      db.exec(request.sql);
      return null;
    case 'begin':
      // IMMEDIATE takes the write lock now: a check-then-insert inside cannot race another writer.
      db.exec('BEGIN IMMEDIATE');
      return null;
    case 'commit':
      db.exec('COMMIT');
      return null;
    case 'rollback':
      if (db.isTransaction) db.exec('ROLLBACK');
      return null;
    case 'close':
      statements.clear();
      db.close();
      return null;
  }
}

port.on('message', (request: SqliteRequest) => {
  let reply: SqliteReply;
  try {
    reply = { id: request.id, ok: true, result: execute(request) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: describe(error) };
  }
  port.postMessage(reply);
  if (request.op === 'close') port.close();
});
