/**
 * Files that hold personal data are readable by their owner only (0600), whatever the umask lets others
 * read: the SQLite database with its WAL and shared memory, the outbox's .eml files and the CSV export.
 */
import { execFile } from 'node:child_process';
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, VALID, waitFor, type TestApi } from '../testing/api.ts';
import { openDatabase } from '../database.ts';

const run = promisify(execFile);
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('files with personal data (SQLite)', () => {
  let t: TestApi;
  const umask = process.umask(0o022);

  beforeAll(async () => {
    t = await startTestApi({});
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    await waitFor(async () => (await t.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 2, '.eml');
  });
  afterAll(async () => {
    process.umask(umask);
    await t.dispose();
  });

  it('creates the database, its WAL and shared memory 0600', () => {
    const path = t.config.databasePath;
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe('600');
  });

  it('writes every .eml 0600', () => {
    const files = readdirSync(t.config.outboxDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    for (const name of files) expect(modeOf(join(t.config.outboxDir, name)), name).toBe('600');
  });

  it('writes the CSV export 0600', async () => {
    const out = join(t.dir, 'leads.csv');
    await run(process.execPath, ['scripts/export-leads.ts', '--out', out, '--db', t.config.databasePath], {
      env: { PATH: process.env.PATH },
    });
    expect(modeOf(out)).toBe('600');
  });

  it('narrows a database file an older version left 0644', async () => {
    const path = join(t.dir, 'antigua.db');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    const storage = await openDatabase({ databasePath: path });
    try {
      expect(modeOf(path)).toBe('600');
    } finally {
      await storage.close();
    }
  });
});
