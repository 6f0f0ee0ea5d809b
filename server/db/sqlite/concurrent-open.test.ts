import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { openSqliteStorage } from './storage.ts';

let directory: string | undefined;
afterAll(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

// Two instances starting together on a fresh file: while one still writes in rollback-journal mode, the
// other's switch to WAL is refused at once ("database is locked"), without SQLite's busy handler. CI
// hit it about once in 150 simultaneous starts; this holds the lock on purpose so it fails every time.
it('opens a fresh file while another connection holds its write lock, once the lock is released', async () => {
  directory = await mkdtemp(join(tmpdir(), 'angram-sqlite-open-'));
  const path = join(directory, 'leads.sqlite');
  const holder = new DatabaseSync(path);
  holder.exec('CREATE TABLE early (note TEXT)');
  holder.exec('BEGIN IMMEDIATE');
  holder.exec("INSERT INTO early (note) VALUES ('primera instancia')");
  const release = setTimeout(() => {
    holder.exec('COMMIT');
    holder.close();
  }, 200);
  try {
    const storage = await openSqliteStorage(path);
    expect(await storage.all('SELECT note FROM early')).toEqual([{ note: 'primera instancia' }]);
    expect(await storage.get('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    await storage.close();
  } finally {
    clearTimeout(release);
    if (holder.isOpen) holder.close();
  }
});
