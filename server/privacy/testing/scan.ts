/**
 * Test helper (not a test): looks for a person's name, e-mail and phone in the bytes the product leaves on
 * disk (the SQLite file with its -wal and -shm, PostgreSQL's files of the database after a checkpoint, the
 * outbox folder, an export) and in every row of every table, as an attacker with the disk would.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Storage } from '../../db/storage.ts';
import { admin } from '../../db/testing/engines.ts';
import { decodeMimeHeader, decodeQuotedPrintable, plainTextOf } from '../../email/testing/smtp-peer.ts';

/** What was found where: `{ 'leads.db-wal': ['lucia@ferremax.mx'] }`; empty when nothing. */
export type Findings = Record<string, string[]>;

function found(bytes: Buffer, needles: readonly string[]): string[] {
  return needles.filter((needle) => bytes.includes(Buffer.from(needle, 'utf8')));
}

function collect(into: Findings, where: string, hits: string[]): void {
  if (hits.length > 0) into[where] = hits;
}

/** Every regular file under `directory`, recursively. */
function filesUnder(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * A message file's bytes and what a mail client shows of it: a name with accents is written encoded
 * (quoted-printable `Luc=C3=ADa`, an encoded word in a header, a base64 part), and still readable.
 */
function emlReadings(bytes: Buffer): Buffer {
  const raw = bytes.toString('utf8');
  const readings = [decodeQuotedPrintable(raw), decodeMimeHeader(raw), plainTextOf(raw) ?? ''];
  return Buffer.concat([bytes, ...readings.map((text) => Buffer.from(`\n${text}`, 'utf8'))]);
}

export function scanFiles(paths: readonly string[], needles: readonly string[]): Findings {
  const findings: Findings = {};
  for (const path of paths) {
    if (!existsSync(path) || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    collect(findings, path, found(/\.eml(\.partial)?$/.test(path) ? emlReadings(bytes) : bytes, needles));
  }
  return findings;
}

export function scanDirectory(directory: string, needles: readonly string[]): Findings {
  return scanFiles(filesUnder(directory), needles);
}

/** The SQLite database file and its WAL and shared-memory files. */
export function scanSqlite(databasePath: string, needles: readonly string[]): Findings {
  return scanFiles([databasePath, `${databasePath}-wal`, `${databasePath}-shm`], needles);
}

/** The files of a PostgreSQL database (its tables, indexes, TOAST and catalogs) after a checkpoint. */
export async function scanPostgres(storage: Storage, needles: readonly string[]): Promise<Findings> {
  const database = await storage.get<{ oid: number; name: string }>(
    'SELECT oid::bigint AS oid, current_database() AS name FROM pg_database WHERE datname = current_database()',
  );
  if (!database) throw new Error('Sin base de datos actual');
  const directory = await admin(async (client) => {
    await client.query('CHECKPOINT');
    const result = await client.query<{ data_directory: string }>('SHOW data_directory');
    return join(result.rows[0]?.data_directory ?? '', 'base', String(database.oid));
  });
  if (!existsSync(directory)) throw new Error(`No encuentro los archivos de la base en ${directory}`);
  return namedByRelation(storage, scanDirectory(directory, needles));
}

/** Each file found named with its relation too (`base/16384/24601 (leads)`), so a failure says where to look. */
async function namedByRelation(storage: Storage, findings: Findings): Promise<Findings> {
  const named: Findings = {};
  for (const [path, hits] of Object.entries(findings)) {
    const filenode = /(\d+)(?:_\w+)?(?:\.\d+)?$/.exec(path)?.[1];
    const relation = filenode
      ? await storage.get<{ name: string | null }>('SELECT pg_filenode_relation(0, $1::oid)::text AS name', [filenode])
      : undefined;
    named[`${path} (${relation?.name ?? 'sin relación viva'})`] = hits;
  }
  return named;
}

/** Every row of every table, as text (both engines). */
export async function scanRows(storage: Storage, needles: readonly string[]): Promise<Findings> {
  const tables =
    storage.dialect === 'sqlite'
      ? await storage.all<{ name: string }>(
          // Not the shadow tables of a virtual table (the FTS5 search index): their 64-bit block ids do not fit
          // a JavaScript number, they hold trigrams rather than text, and their bytes are in the file scanned.
          `SELECT name FROM sqlite_master t WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
             AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%'
               AND t.name LIKE v.name || '\\_%' ESCAPE '\\')
           ORDER BY name`,
        )
      : await storage.all<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
        );
  const findings: Findings = {};
  for (const { name } of tables) {
    const rows = await storage.all(`SELECT * FROM ${name}`);
    collect(findings, `tabla ${name}`, found(Buffer.from(JSON.stringify(rows), 'utf8'), needles));
  }
  return findings;
}
