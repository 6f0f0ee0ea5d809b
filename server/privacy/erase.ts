/**
 * Erasing a person (cancelación) or expired leads (retention), driven by the registry: every linked row is
 * anonymised column by column, or deleted (a future meeting frees its slot), or kept with the registry's
 * reason; for a person, every free text that quotes them is redacted wherever it is. One transaction; the
 * `.eml` files go after it commits, then the database's files are rewritten (./compact.ts).
 */
import type { Row, SqlValue, Storage, Transaction } from '../db/storage.ts';
import type { Compaction, CompactionOptions } from './compact.ts';
import { deleteFiles, outboxFiles, type OutboxFile } from './files.ts';
import { patternsOf, redact } from './identity.ts';
import { rewriteRecorded } from './pending-rewrites.ts';
import { REGISTRY, type EraseContext, type Eraser, type RegistryTable } from './registry.ts';
import { keyCondition, keyOf, linkedRows, quoteColumns, quotingRows } from './rows.ts';
import type { Subject } from './subject.ts';

export interface TableOutcome {
  anonymised: number;
  deleted: number;
  /** Rows of other people's records whose text quoted the person. */
  redacted: number;
  /** Rows kept as they are, and why. */
  kept?: { rows: number; reason: string };
}

export interface ErasePlan {
  tables: Record<string, TableOutcome>;
  /** The `.eml` files of the erased messages. */
  files: OutboxFile[];
  /** Message-IDs of e-mails that already left: copies may sit in mailboxes (the sales team's, the person's). */
  sentMessageIds: string[];
}

export interface ErasureResult extends Omit<ErasePlan, 'files'> {
  filesDeleted: number;
  compaction: Compaction;
}

function erased(eraser: Eraser, value: unknown, row: Row, context: EraseContext): SqlValue | undefined {
  if (eraser === 'keep') return undefined;
  if (typeof eraser === 'function') return eraser(value, row, context);
  return eraser.to;
}

/** The columns that change when a linked row is anonymised. */
function anonymisedValues(entry: RegistryTable, row: Row, context: EraseContext): Record<string, SqlValue> {
  const changes: Record<string, SqlValue> = {};
  for (const [column, rule] of Object.entries(entry.personal)) {
    if (rule.of === 'equipo') continue;
    // A text kept on purpose (the register's notes) still loses its quotes of the person.
    const value =
      rule.quotes && rule.erase === 'keep' && typeof row[column] === 'string'
        ? redact(row[column], patternsOf(context.identifiers))
        : erased(rule.erase, row[column], row, context);
    if (value !== undefined && value !== row[column]) changes[column] = value;
  }
  return { ...changes, ...(entry.alsoSet?.(row, context) ?? {}) };
}

async function update(tx: Transaction, entry: RegistryTable, row: Row, changes: Record<string, SqlValue>) {
  const columns = Object.keys(changes);
  if (columns.length === 0) return;
  const key = keyCondition(entry, row, columns.length);
  await tx.run(
    `UPDATE ${entry.table} SET ${columns.map((column, index) => `${column} = $${index + 1}`).join(', ')} WHERE ${key.sql}`,
    [...Object.values(changes), ...key.params],
  );
}

async function remove(tx: Transaction, entry: RegistryTable, row: Row) {
  const key = keyCondition(entry, row, 0);
  await tx.run(`DELETE FROM ${entry.table} WHERE ${key.sql}`, key.params);
}

/** Applies the registry to the subject inside `tx`; returns what it did and the files to delete. */
export async function eraseInTransaction(
  tx: Transaction,
  subject: Subject,
  context: EraseContext,
  outboxDir: string,
): Promise<ErasePlan> {
  // The inbox changes a lead under this lock: no edit lands between the reads and the writes below.
  for (const id of subject.leadIds) await tx.lock(`inbox-lead:${id}`);
  await tx.lock('bookings');
  const patterns = patternsOf(subject.identifiers);
  const plan: ErasePlan = { tables: {}, files: [], sentMessageIds: [] };
  for (const entry of REGISTRY) {
    const outcome: TableOutcome = { anonymised: 0, deleted: 0, redacted: 0 };
    const rows = await linkedRows(tx, entry, subject);
    if (typeof entry.cancel === 'object') {
      if (rows.length > 0) outcome.kept = { rows: rows.length, reason: entry.cancel.keep };
    } else {
      for (const row of rows) {
        if (entry.cancel === 'delete' || entry.deleteIf?.(row, context)) {
          await remove(tx, entry, row);
          outcome.deleted += 1;
        } else {
          await update(tx, entry, row, anonymisedValues(entry, row, context));
          outcome.anonymised += 1;
        }
        // Listed after the row changed: a worker writing this message now records it only after this
        // transaction, then finds its body erased and removes its copy (server/email/outbox-worker.ts).
        if (entry.files === 'outbox') {
          plan.files.push(...(await outboxFiles(outboxDir, [Number(row.id)])));
          if (row.status === 'sent' && typeof row.message_id === 'string') plan.sentMessageIds.push(row.message_id);
        }
      }
    }
    if (subject.scope === 'person') {
      const linked = new Set(rows.map((row) => keyOf(entry, row)));
      for (const row of await quotingRows(tx, entry, patterns, linked)) {
        const changes = Object.fromEntries(
          quoteColumns(entry)
            .filter((column) => typeof row[column] === 'string')
            .map((column) => [column, redact(row[column] as string, patterns)]),
        );
        await update(tx, entry, row, changes);
        outcome.redacted += 1;
      }
    }
    plan.tables[entry.table] = outcome;
  }
  return plan;
}

/** Tables whose rows changed: the ones to rewrite on disk. */
export function touchedTables(plan: Pick<ErasePlan, 'tables'>): string[] {
  return Object.entries(plan.tables)
    .filter(([, outcome]) => outcome.anonymised + outcome.deleted + outcome.redacted > 0)
    .map(([table]) => table);
}

/**
 * After the transaction committed: the files go, then the database's files are rewritten (a rewrite that
 * cannot finish stays pending for the daily job, ./pending-rewrites.ts).
 */
export async function finishErasure(
  storage: Storage,
  plan: ErasePlan,
  options: { now: Date; alsoRewrite?: readonly string[]; compaction?: CompactionOptions | undefined },
): Promise<ErasureResult> {
  const filesDeleted = await deleteFiles(plan.files);
  // Tables changed just before the erasure (a cancelled meeting's booking) hold old copies on disk too.
  const tables = [...new Set([...touchedTables(plan), ...(options.alsoRewrite ?? [])])];
  const compaction =
    tables.length > 0
      ? await rewriteRecorded(storage, tables, 'cancelacion', options.now, options.compaction)
      : { complete: true, detail: 'Nada que reescribir.' };
  return { tables: plan.tables, sentMessageIds: plan.sentMessageIds, filesDeleted, compaction };
}
