/** Small key-value settings kept in the database (the client-address hash salt). */
import type { Queryable } from './storage.ts';

export async function getSetting(db: Queryable, key: string): Promise<string | undefined> {
  return (await db.get<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))?.value;
}

/** Stores `value` unless the key exists; returns the stored value either way (first writer wins on every instance). */
export async function ensureSetting(db: Queryable, key: string, value: string): Promise<string> {
  await db.run('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
  return (await getSetting(db, key)) ?? value;
}
