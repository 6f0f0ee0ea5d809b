/** Messages between the SQLite storage (main thread) and the worker thread that owns the connection. */
import type { SqlValue } from '../storage.ts';

export interface SqliteWorkerData {
  path: string;
  busyTimeoutMs: number;
  /** `FULL`: an acknowledged write survives a power cut, not only a process crash. */
  synchronous: 'FULL' | 'NORMAL';
}

export type SqliteRequest =
  | { id: number; op: 'all' | 'run'; sql: string; params: readonly SqlValue[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'begin' | 'commit' | 'rollback' | 'close' };

export type SqliteReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SqliteFailure };

/**
 * An error as it crosses the thread boundary: its message, whether a UNIQUE constraint refused, and
 * whether the database could not do the work right now (locked past the busy timeout, disk full, I/O).
 */
export interface SqliteFailure {
  message: string;
  unique: boolean;
  unavailable: boolean;
}
