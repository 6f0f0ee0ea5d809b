/**
 * What a rectification rewrites beyond the lead's own columns: every value derived from the old contact
 * data. The lead's search text and score are recomputed; every row the registry links to the lead (its
 * e-mails queued or sent, the digests that name it, notes, the deal) and every note elsewhere that quotes
 * the old values get the new ones instead; the `.eml` files of its e-mails are written again from the
 * corrected rows, and the database's files are rewritten as after an erasure. Duplicates are read from the
 * e-mail and phone columns at each look, so they follow the new values by themselves.
 */
import { escapeHtml } from '../escape-html.ts';
import type { Queryable, Row, SqlValue, Transaction } from '../db/storage.ts';
import { leadFromRow } from '../lead/store.ts';
import { leadRow, writeLeadDerived } from '../lead/privacy-store.ts';
import { storedOutboxMessage } from '../db/outbox-privacy.ts';
import { emlDirectoryTransport } from '../email/transport.ts';
import { storedMessage } from '../email/message.ts';
import { foldIcsLine, icsText } from '../lead/calendar.ts';
import type { AnalysisFacts } from '../lead/analysis.ts';
import { leadIndexColumns } from '../lead/search.ts';
import { deleteFiles, outboxFiles } from './files.ts';
import { emailPattern, namePattern, phoneDigits, phonePattern, REDACTED } from './identity.ts';
import { REGISTRY, type RegistryTable } from './registry.ts';
import { keyCondition, keyOf, linkedRows, quoteColumns, quotingRows } from './rows.ts';
import { leadsSubject } from './subject.ts';

export interface ContactData {
  name: string;
  email: string;
  company?: string | null | undefined;
  phone?: string | null | undefined;
}

/** One old value as a pattern, and what stands in its place. */
interface Correction {
  pattern: RegExp;
  to: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name or company as found in text: accents and spacing aside, or exactly when too short to tell. */
function wordsPattern(value: string, exactWhenShort: boolean): RegExp | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return (
    namePattern(trimmed) ??
    (exactWhenShort ? new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}])`, 'gu') : undefined)
  );
}

/**
 * The corrections from `before` to `after`. `exactWhenShort`: a short name (Ana) is matched exactly in the
 * lead's own rows, where it can only be her; in other people's notes it would match ordinary words.
 */
export function correctionsOf(before: ContactData, after: ContactData, exactWhenShort: boolean): Correction[] {
  const corrections: Correction[] = [];
  const add = (pattern: RegExp | undefined, to: string) => {
    if (pattern) corrections.push({ pattern, to });
  };
  if (before.email.trim().toLowerCase() !== after.email.trim().toLowerCase())
    add(emailPattern(before.email), after.email);
  const oldDigits = phoneDigits(before.phone);
  if (oldDigits && oldDigits !== phoneDigits(after.phone))
    add(phonePattern(oldDigits), after.phone?.trim() || REDACTED);
  if (before.name.trim() !== after.name.trim()) add(wordsPattern(before.name, exactWhenShort), after.name.trim());
  const oldCompany = before.company?.trim() ?? '';
  if (oldCompany !== '' && oldCompany !== (after.company?.trim() ?? ''))
    add(wordsPattern(oldCompany, exactWhenShort), after.company?.trim() || REDACTED);
  return corrections;
}

/** `text` with each old value replaced, the new one passed through `encode` (HTML, iCalendar). */
export function applyCorrections(
  text: string,
  corrections: readonly Correction[],
  encode: (value: string) => string = (value) => value,
): string {
  return corrections.reduce((current, { pattern, to }) => {
    pattern.lastIndex = 0;
    return current.replace(pattern, () => encode(to));
  }, text);
}

/** An iCalendar text with its folded lines joined, corrected, and folded again. */
function correctIcs(content: string, corrections: readonly Correction[]): string {
  const unfolded = content.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .map((line) => {
      const corrected = applyCorrections(line, corrections, icsText);
      return corrected === line ? line : foldIcsLine(corrected);
    })
    .join('\r\n');
}

/** A stored e-mail (JSON) corrected part by part, each new value encoded for its part. */
function correctMessage(stored: string, corrections: readonly Correction[]): string {
  let message;
  try {
    message = storedMessage(stored);
  } catch {
    // Not a message (an erased body): only its plain text can be corrected.
    return applyCorrections(stored, corrections, (value) => JSON.stringify(value).slice(1, -1));
  }
  const plain = (text: string) => applyCorrections(text, corrections);
  return JSON.stringify({
    ...message,
    to: {
      ...message.to,
      address: plain(message.to.address),
      ...(message.to.name ? { name: plain(message.to.name) } : {}),
    },
    replyTo: plain(message.replyTo),
    subject: plain(message.subject),
    text: plain(message.text),
    html: applyCorrections(message.html, corrections, escapeHtml),
    attachments: message.attachments.map((attachment) => ({
      ...attachment,
      content: attachment.contentType.startsWith('text/calendar')
        ? correctIcs(attachment.content, corrections)
        : attachment.content,
    })),
  });
}

/** The personal columns a rectification corrects in a linked row (the team's own columns stay). */
function correctableColumns(entry: RegistryTable): string[] {
  return Object.entries(entry.personal)
    .filter(([, column]) => column.of !== 'equipo')
    .map(([name]) => name);
}

async function updateRow(tx: Transaction, entry: RegistryTable, row: Row, changes: Record<string, SqlValue>) {
  const columns = Object.keys(changes);
  if (columns.length === 0) return;
  const key = keyCondition(entry, row, columns.length);
  await tx.run(
    `UPDATE ${entry.table} SET ${columns.map((column, index) => `${column} = $${index + 1}`).join(', ')} WHERE ${key.sql}`,
    [...Object.values(changes), ...key.params],
  );
}

function correctedColumns(
  entry: RegistryTable,
  row: Row,
  columns: readonly string[],
  corrections: readonly Correction[],
): Record<string, SqlValue> {
  const changes: Record<string, SqlValue> = {};
  for (const column of columns) {
    const value = row[column];
    if (typeof value !== 'string') continue;
    const corrected =
      entry.table === 'outbox' && column === 'message'
        ? correctMessage(value, corrections)
        : applyCorrections(value, corrections);
    if (corrected !== value) changes[column] = corrected;
  }
  return changes;
}

export interface RectificationPlan {
  /** Tables whose rows changed: the ones rewritten on disk. */
  tables: string[];
  /** Outbox messages corrected: their `.eml` files are written again. */
  outboxIds: number[];
}

/**
 * Inside the rectification's transaction, after the lead's columns took the new values: its other texts,
 * search text and score, and every linked or quoting row of the registry.
 */
export async function rewriteDerived(
  tx: Transaction,
  leadId: number,
  before: ContactData,
  after: ContactData,
  facts: AnalysisFacts,
): Promise<RectificationPlan> {
  const own = correctionsOf(before, after, true);
  const quoted = correctionsOf(before, after, false);
  const touched = new Set<string>(['leads']);
  const outboxIds: number[] = [];

  // What the visitor typed beside the contact fields (a message that says her name) is hers too.
  const lead = await leadRow(tx, leadId);
  if (!lead) return { tables: [], outboxIds };
  const fields = JSON.parse(String(lead.fields)) as Record<string, unknown>;
  const correctedFields = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      typeof value === 'string' && !['name', 'email', 'company', 'phone'].includes(name)
        ? applyCorrections(value, own)
        : value,
    ]),
  );
  const index = leadIndexColumns(leadFromRow({ ...lead, fields: JSON.stringify(correctedFields) }), facts);
  await writeLeadDerived(tx, leadId, {
    fields: JSON.stringify(correctedFields),
    searchText: index.searchText,
    score: index.score,
  });

  const subject = await leadsSubject(tx, [leadId]);
  for (const entry of REGISTRY) {
    if (entry.table === 'leads') continue;
    const rows = await linkedRows(tx, entry, subject);
    const columns = correctableColumns(entry);
    for (const row of rows) {
      const changes = correctedColumns(entry, row, columns, own);
      if (Object.keys(changes).length === 0) continue;
      await updateRow(tx, entry, row, changes);
      touched.add(entry.table);
      if (entry.files === 'outbox') outboxIds.push(Number(row.id));
    }
    const linked = new Set(rows.map((row) => keyOf(entry, row)));
    const patterns = quoted.map((correction) => correction.pattern);
    for (const row of await quotingRows(tx, entry, patterns, linked)) {
      const changes = correctedColumns(entry, row, quoteColumns(entry), quoted);
      if (Object.keys(changes).length === 0) continue;
      await updateRow(tx, entry, row, changes);
      touched.add(entry.table);
    }
  }
  return { tables: [...touched], outboxIds };
}

/** After the commit: the `.eml` files of corrected messages written again from their rows. */
export async function rewriteOutboxFiles(
  db: Queryable,
  outboxDir: string,
  outboxIds: readonly number[],
): Promise<number> {
  const files = (await outboxFiles(outboxDir, outboxIds)).filter((file) => file.name.endsWith('.eml'));
  if (files.length === 0) return 0;
  const transport = emlDirectoryTransport(outboxDir);
  let written = 0;
  for (const id of new Set(files.map((file) => Number(file.name.slice(0, file.name.indexOf('-')))))) {
    const row = await storedOutboxMessage(db, id);
    let message;
    try {
      message = row?.message_id ? storedMessage(row.message) : undefined;
    } catch {
      message = undefined;
    }
    if (message && row?.message_id) {
      await transport.send(message, id, row.message_id);
      written += 1;
    } else {
      // No message to write it from (erased meanwhile): the file goes rather than keep the old values.
      await deleteFiles(files.filter((file) => file.name.startsWith(`${String(id).padStart(6, '0')}-`)));
    }
  }
  transport.close();
  return written;
}
