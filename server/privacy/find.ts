/**
 * Everything held about a person, table by table as the registry lists them: their rows, the rows of other
 * records whose free text quotes them, the `.eml` files of their e-mails, and the leads that share their
 * phone under another e-mail (to look up with `--phone` if they are the same person).
 */
import type { Queryable, Row } from '../db/storage.ts';
import { referenceOf } from '../lead/model.ts';
import { outboxFiles, type OutboxFile } from './files.ts';
import { patternsOf } from './identity.ts';
import { REGISTRY } from './registry.ts';
import { keyOf, linkedRows, quotingRows } from './rows.ts';
import { leadsByPhoneDigits } from '../lead/privacy-store.ts';
import type { Lookup, Subject } from './subject.ts';

export interface TableFinding {
  title: string;
  rows: Row[];
  /** Rows of other people's records whose text quotes the person. */
  quotedIn: Row[];
}

export interface Finding {
  lookup: { email: string; phone: string | null };
  at: string;
  /** Linked rows per table, for a quick read. */
  summary: Record<string, number>;
  tables: Record<string, TableFinding>;
  files: OutboxFile[];
  /** Leads with one of their phones under another e-mail: maybe the same person (look up with --phone). */
  samePhoneOtherEmail: Array<{ id: number; reference: string }>;
}

/** JSON kept as text (a lead's fields, an e-mail) shown as what it holds. */
function readable(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => {
      if (typeof value !== 'string' || !value.startsWith('{')) return [column, value];
      try {
        return [column, JSON.parse(value) as unknown];
      } catch {
        return [column, value];
      }
    }),
  );
}

export async function findPerson(db: Queryable, subject: Subject, lookup: Lookup, outboxDir: string, now: Date) {
  const patterns = patternsOf(subject.identifiers);
  const tables: Record<string, TableFinding> = {};
  const summary: Record<string, number> = {};
  const outboxIds: number[] = [];
  for (const entry of REGISTRY) {
    const rows = await linkedRows(db, entry, subject);
    if (entry.files === 'outbox') outboxIds.push(...rows.map((row) => Number(row.id)));
    const linked = new Set(rows.map((row) => keyOf(entry, row)));
    const quotedIn = await quotingRows(db, entry, patterns, linked);
    if (rows.length === 0 && quotedIn.length === 0) continue;
    summary[entry.table] = rows.length;
    tables[entry.table] = { title: entry.title, rows: rows.map(readable), quotedIn: quotedIn.map(readable) };
  }
  const others = new Map<number, string>();
  for (const digits of subject.identifiers.phones) {
    for (const lead of await leadsByPhoneDigits(db, digits))
      if (!subject.leadIds.includes(lead.id)) others.set(lead.id, referenceOf(lead.id));
  }
  const finding: Finding = {
    lookup: { email: lookup.email.trim().toLowerCase(), phone: lookup.phone ?? null },
    at: now.toISOString(),
    summary,
    tables,
    files: await outboxFiles(outboxDir, outboxIds),
    samePhoneOtherEmail: [...others].map(([id, reference]) => ({ id, reference })),
  };
  return finding;
}
