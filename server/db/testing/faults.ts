/**
 * Faults a test causes in its own PostgreSQL database of the run's shared cluster, leaving the other
 * test files' databases alone: every connection ended by the server (what a restart, a failover or an
 * idle-session timeout does), and the database going away and coming back.
 */
import { admin } from './engines.ts';

/** The database a `postgres://…/name` URL points at. */
function nameOf(databaseUrl: string): string {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`Nombre de base inesperado: ${name}`);
  return name;
}

/** Ends every connection to the database (`pg_terminate_backend`); returns how many there were. */
export async function terminateConnections(databaseUrl: string): Promise<number> {
  return admin(async (client) => {
    const result = await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [nameOf(databaseUrl)],
    );
    return result.rowCount ?? 0;
  });
}

/** Connections to the database waiting for a lock (a transaction stuck behind another). */
export async function lockWaiters(databaseUrl: string): Promise<number[]> {
  return admin(async (client) => {
    const result = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
      [nameOf(databaseUrl)],
    );
    return result.rows.map((row) => row.pid);
  });
}

export async function terminate(pid: number): Promise<void> {
  await admin((client) => client.query('SELECT pg_terminate_backend($1)', [pid]));
}

/** The database goes away: new connections are refused and the open ones ended, until `bringBack`. */
export async function takeAway(databaseUrl: string): Promise<void> {
  await admin((client) => client.query(`ALTER DATABASE ${nameOf(databaseUrl)} WITH ALLOW_CONNECTIONS false`));
  await terminateConnections(databaseUrl);
}

export async function bringBack(databaseUrl: string): Promise<void> {
  await admin((client) => client.query(`ALTER DATABASE ${nameOf(databaseUrl)} WITH ALLOW_CONNECTIONS true`));
}
