/**
 * The PostgreSQL engine (`DATABASE_URL=postgres://…`), for one or several API instances sharing one
 * database. node-postgres with a pool; each transaction holds one pooled connection from BEGIN to
 * COMMIT. 64-bit integers (ids, count(*)) are read as JavaScript numbers, like SQLite gives them.
 */
import pg from 'pg';
import { runMigrations } from './migrate.ts';
import { isPostgresUnavailable } from './postgres-errors.ts';
import { DatabaseError, type Queryable, type SqlValue, type Storage, type Transaction } from './storage.ts';
import { createTransactionGuard } from './transaction-guard.ts';

export interface PostgresOptions {
  /** Connections per instance (`DATABASE_POOL_MAX`). */
  poolMax?: number;
  /** Reports errors of idle connections (a restarted server); they must not crash the process. */
  onIdleError?: (error: Error) => void;
}

const INT8_OID = pg.types.builtins.INT8;

/** The driver's parsers, but 64-bit integers (ids, `count(*)`) read as numbers, as SQLite gives them. */
const int8AsNumber = ((oid: Parameters<typeof pg.types.getTypeParser>[0], format?: 'text' | 'binary') =>
  oid === INT8_OID
    ? (value: string) => Number(value)
    : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser;

/** The URL without its password, for logs. */
export function describePostgresUrl(url: string): string {
  if (!URL.canParse(url)) return 'postgres';
  const parsed = new URL(url);
  return `postgres://${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

function unavailable(error: unknown): DatabaseError {
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseError('unavailable', `PostgreSQL no está disponible: ${reason}`, { cause: error });
}

function translate(error: unknown): unknown {
  // 23505 unique_violation: the same error class as SQLite's constraint failure.
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
    return new DatabaseError('unique', (error as Error).message);
  }
  if (isPostgresUnavailable(error)) return unavailable(error);
  return error;
}

type Runner = { query(sql: string, params: SqlValue[]): Promise<pg.QueryResult> };

function queryable(runner: Runner): Queryable {
  const query = async (sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult> => {
    try {
      return await runner.query(sql, params as SqlValue[]);
    } catch (error) {
      throw translate(error);
    }
  };
  // The caller names the shape of the rows it selects; the driver hands back untyped rows.
  return {
    dialect: 'postgres',
    async all<T>(sql: string, params: readonly SqlValue[] = []) {
      return (await query(sql, params)).rows as T[];
    },
    async get<T>(sql: string, params: readonly SqlValue[] = []) {
      return (await query(sql, params)).rows[0] as T | undefined;
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      return { changes: (await query(sql, params)).rowCount ?? 0 };
    },
  };
}

export async function openPostgresStorage(url: string, options: PostgresOptions = {}): Promise<Storage> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // No statement (or lock wait) may hold a request for longer than this.
    statement_timeout: 30_000,
    types: { getTypeParser: int8AsNumber },
  });
  // The pool listens to its idle connections only. A connection that is checked out (a transaction
  // between two queries, a query whose socket closes after its error) needs a listener of its own, or
  // the server ending it (restart, failover, pg_terminate_backend) emits an 'error' nobody handles and
  // the process exits. The work on it fails by itself; the pool then discards it.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  pool.on('error', (error) => options.onIdleError?.(error));

  /** A pooled connection; failing to get one (server down, restarting, full) is unavailability. */
  async function connect(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
  }

  const guard = createTransactionGuard();
  // Not `pool.query`: its failures to connect would come back untold from those of the query.
  const direct = queryable({
    async query(sql: string, params: SqlValue[]) {
      const client = await connect();
      let failure: unknown;
      try {
        return await client.query(sql, params);
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        client.release(isPostgresUnavailable(failure));
      }
    },
  });

  const storage: Storage = {
    dialect: 'postgres',
    description: describePostgresUrl(url),
    all(sql, params) {
      guard.assertOutside();
      return direct.all(sql, params);
    },
    get(sql, params) {
      guard.assertOutside();
      return direct.get(sql, params);
    },
    run(sql, params) {
      guard.assertOutside();
      return direct.run(sql, params);
    },
    async transaction(work) {
      guard.assertOutside();
      const client = await connect();
      const inner = queryable(client);
      const tx: Transaction = {
        ...inner,
        async lock(key) {
          await inner.all('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
        },
        async exec(sql) {
          try {
            await client.query(sql);
          } catch (error) {
            throw translate(error);
          }
        },
      };
      let healthy = true;
      try {
        await tx.exec('BEGIN');
        const result = await guard.run(() => work(tx));
        await tx.exec('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          healthy = false;
        });
        throw error;
      } finally {
        // A connection that could not roll back is discarded rather than reused.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the ROLLBACK's catch may have cleared it
        client.release(healthy ? undefined : true);
      }
    },
    migrate(module, migrations) {
      return runMigrations(storage, module, migrations);
    },
    async ping() {
      await direct.get('SELECT 1 AS ok');
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
  await storage.ping();
  return storage;
}
