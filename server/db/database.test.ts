import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureSetting, immediateTransaction, isUniqueViolation, openDatabase, type Database } from './database.ts';
import { createLeadStore } from './leads.ts';

const dirs: string[] = [];
const dbs: Database[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.isOpen) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(path?: string): { db: Database; path: string } {
  const file = path ?? join(mkdtempSync(join(tmpdir(), 'angram-db-')), 'nested', 'leads.db');
  if (!path) dirs.push(join(file, '..', '..'));
  const db = openDatabase(file);
  dbs.push(db);
  return { db, path: file };
}

const lead = {
  formType: 1 as const,
  serviceType: undefined,
  name: 'Ana',
  email: 'ana@x.mx',
  company: undefined,
  phone: undefined,
  appointment: undefined,
  fields: { name: 'Ana', email: 'ana@x.mx', message: 'Hola' },
  originPage: '/',
  receivedAt: '2026-11-23T14:00:00.000Z',
  clientHash: 'h',
};

describe('database', () => {
  it('creates the directory, uses WAL and applies migrations once', () => {
    const { db, path } = open();
    expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    expect((db.prepare('PRAGMA busy_timeout').get() as { timeout: number }).timeout).toBe(5000);
    db.close();
    const again = open(path).db;
    expect(again.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: 1 }]);
  });

  it('rejects a second booking of one slot at the index, even from another connection', () => {
    const { db, path } = open();
    const other = open(path).db;
    const leads = createLeadStore(db);
    const otherLeads = createLeadStore(other);
    const id = leads.insert(lead);
    const booking = { slot: '2026-11-24T10:00', slotDate: '2026-11-24', startsAt: '2026-11-24T16:00:00.000Z', leadId: id, createdAt: lead.receivedAt };
    leads.book(booking);
    let caught: unknown;
    try {
      immediateTransaction(other, () => {
        otherLeads.insert(lead);
        otherLeads.book(booking);
      });
    } catch (error) {
      caught = error;
    }
    expect(isUniqueViolation(caught)).toBe(true);
    // The whole transaction rolled back: the second lead is gone too.
    expect(leads.count()).toBe(1);
    expect(leads.bookedTimes('2026-11-24')).toEqual(new Set(['10:00']));
  });

  it('keeps the first value of a setting', () => {
    const { db } = open();
    expect(ensureSetting(db, 'ip_hash_salt', 'uno')).toBe('uno');
    expect(ensureSetting(db, 'ip_hash_salt', 'dos')).toBe('uno');
  });
});
