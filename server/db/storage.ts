/**
 * The storage interface every part of the server talks to. Two engines implement it: the embedded
 * SQLite file (default, `server/db/sqlite/`) and PostgreSQL (`DATABASE_URL=postgres://…`,
 * `server/db/postgres.ts`). Callers write one SQL text for both: `$1, $2…` placeholders, ISO 8601 UTC
 * strings for times, and `dialect` for the rare clause only one engine has (`FOR UPDATE SKIP LOCKED`).
 * See server/db/README.md.
 */
export type Dialect = 'sqlite' | 'postgres';

/** What a placeholder may carry. Booleans are stored as 0/1 so both engines read them the same. */
export type SqlValue = string | number | null;

export type Row = Record<string, unknown>;

export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/** Reads and writes. Integers come back as JavaScript numbers on both engines. */
export interface Queryable {
  readonly dialect: Dialect;
  /** Every row of a query. */
  all<T = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row, or `undefined`. */
  get<T = Row>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** A statement whose rows do not matter (INSERT, UPDATE, DELETE without RETURNING). */
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
}

export interface Transaction extends Queryable {
  /**
   * Holds `key` until the transaction ends: two transactions that lock one key run one after the
   * other, on every instance. That makes a check-then-insert atomic (a rate limit, a daily quota).
   * PostgreSQL takes a transaction-level advisory lock; SQLite's write lock (BEGIN IMMEDIATE) already
   * serialises every writing transaction, so there it costs nothing.
   */
  lock(key: string): Promise<void>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Migration {
  /** Increasing within its module; an applied version is never edited, only followed. */
  version: number;
  name: string;
  /** One script for both engines, or one per engine when their DDL differs (same meaning). */
  sql: string | Readonly<Record<Dialect, string>>;
}

export interface Storage extends Queryable {
  /** Engine and location for logs, without any password. */
  readonly description: string;
  /**
   * Runs `work` in one transaction: COMMIT when it resolves, ROLLBACK when it throws (the error is
   * rethrown). Inside it use `tx` only: a query on the storage itself would wait for the transaction.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Applies the migrations of `module` not applied yet, in version order, each in its own transaction,
   * once even when several instances start together. Returns the versions it applied.
   */
  migrate(module: string, migrations: readonly Migration[]): Promise<number[]>;
  /** Resolves when the database answers a trivial query (readiness checks). */
  ping(): Promise<void>;
  /** Waits for running work and closes the connections. */
  close(): Promise<void>;
}

/**
 * How the database failed, the same on both engines (callers ask `isUniqueViolation`, `isDatabaseUnavailable`):
 * - `unique`: a UNIQUE or PRIMARY KEY constraint refused a write.
 * - `unavailable`: the database could not do the work right now, through no fault of the request: the
 *   connection was lost or refused, the server is restarting, a lock was held past the wait, the disk is
 *   full. Nothing of the failed transaction was kept (except when the connection dropped during COMMIT
 *   itself, whose outcome nobody can know). The same request may succeed a moment later: callers answer 503.
 * - `row`: a row read back does not fit its table's schema (see rows.ts).
 */
export type DatabaseFailure = 'unique' | 'unavailable' | 'row';

export class DatabaseError extends Error {
  override name = 'DatabaseError';
  readonly failure: DatabaseFailure;
  constructor(failure: DatabaseFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.failure = failure;
  }
}

export function isUniqueViolation(error: unknown): error is DatabaseError {
  return error instanceof DatabaseError && error.failure === 'unique';
}

export function isDatabaseUnavailable(error: unknown): error is DatabaseError {
  return error instanceof DatabaseError && error.failure === 'unavailable';
}

/** The SQL of a migration for one engine. */
export function migrationSql(migration: Migration, dialect: Dialect): string {
  return typeof migration.sql === 'string' ? migration.sql : migration.sql[dialect];
}
