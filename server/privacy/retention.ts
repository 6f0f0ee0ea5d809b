/**
 * The retention limits the privacy notice states (content/privacy.yaml, `retention`, read by the notice and
 * the server alike), enforced by a job that runs once a day across instances (server/jobs/):
 * - a lead with no sign of life (received, status, note, e-mail, deal, next step, meeting or its changes)
 *   since the same moment `leadMonths` months ago, and no open next step or meeting to come, is anonymised
 *   as a cancellation would (./erase.ts, its own rows only);
 * - an e-mail's body, and its `.eml` file, is erased `mailBodyDays` days after delivery (a message that
 *   failed for good, that many days after it was queued); status, times and Message-ID stay; a client's reply
 *   read from the mailbox loses its body as many days after it was read in (who, when and its subject stay);
 * - the register's e-mails and the audit trail older than the lead limit are masked and pruned.
 */
import type { RetentionPolicy } from '../../core/privacy.ts';
import { expiredLeadIds } from '../lead/privacy-store.ts';
import { bodiesDueIds, bodyErasedAmong, eraseBodies } from '../db/outbox-privacy.ts';
import type { Storage } from '../db/storage.ts';
import { createAuditLog } from './audit.ts';
import type { CompactionOptions } from './compact.ts';
import { eraseInTransaction, touchedTables } from './erase.ts';
import { allOutboxFiles, deleteFiles, outboxFiles, type OutboxFile } from './files.ts';
import { rewriteWithPending } from './pending-rewrites.ts';
import { ERASED_BODY } from './registry.ts';
import { createRequestStore } from './requests.ts';
import { privacyHashKey } from './objections.ts';
import { leadsSubject } from './subject.ts';

export interface RetentionOptions {
  storage: Storage;
  policy: RetentionPolicy;
  outboxDir: string;
  now: Date;
  /** How the table files are rewritten (tests shorten the wait). */
  compaction?: CompactionOptions | undefined;
}

export interface RetentionResult {
  leadsAnonymised: number;
  bodiesErased: number;
  replyBodiesErased: number;
  filesDeleted: number;
  requestsMasked: number;
  auditPruned: number;
  /** Tables whose rewrite (this run's, or one left pending before) has still not finished. */
  pendingRewrites: number;
}

/** Rows handled per transaction. */
const BATCH = 200;

/** The same instant `months` calendar months earlier (UTC; the 31st becomes the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

async function anonymiseExpiredLeads(options: RetentionOptions, cutoff: string, tables: Set<string>) {
  let count = 0;
  const files: OutboxFile[] = [];
  for (;;) {
    const ids = await expiredLeadIds(options.storage, cutoff, options.now.toISOString(), BATCH);
    if (ids.length === 0) return { count, files };
    const plan = await options.storage.transaction(async (tx) => {
      const subject = await leadsSubject(tx, ids);
      return eraseInTransaction(
        tx,
        subject,
        { now: options.now, identifiers: subject.identifiers, why: 'retencion' },
        options.outboxDir,
      );
    });
    for (const table of touchedTables(plan)) tables.add(table);
    files.push(...plan.files);
    count += ids.length;
  }
}

async function eraseOldBodies(options: RetentionOptions, cutoff: string) {
  let count = 0;
  const files: OutboxFile[] = [];
  for (;;) {
    const ids = await bodiesDueIds(options.storage, cutoff, BATCH);
    if (ids.length === 0) return { count, files };
    await eraseBodies(options.storage, ids, ERASED_BODY, options.now.toISOString());
    files.push(...(await outboxFiles(options.outboxDir, ids)));
    count += ids.length;
  }
}

/** Bodies of clients' replies read in from the mailbox at or before `cutoff`, as the outbox's own bodies. */
async function eraseOldReplyBodies(storage: Storage, cutoff: string): Promise<number> {
  const { changes } = await storage.run(
    'UPDATE inbox_replies SET body = NULL WHERE body IS NOT NULL AND captured_at <= $1',
    [cutoff],
  );
  return changes;
}

/** `.eml` files whose message's body was erased (a send that finished after its erasure wrote one). */
async function leftoverFiles(options: RetentionOptions): Promise<OutboxFile[]> {
  const files = await allOutboxFiles(options.outboxDir);
  if (files.length === 0) return [];
  const erased = new Set<number>();
  const ids = [...new Set(files.map((file) => file.outboxId))];
  for (let start = 0; start < ids.length; start += BATCH) {
    for (const id of await bodyErasedAmong(options.storage, ids.slice(start, start + BATCH))) erased.add(id);
  }
  return files.filter((file) => erased.has(file.outboxId));
}

export async function runRetention(options: RetentionOptions): Promise<RetentionResult> {
  const { storage, policy, now } = options;
  const leadCutoff = monthsBefore(now, policy.leadMonths);
  const bodyCutoff = new Date(now.getTime() - policy.mailBodyDays * 24 * 60 * 60 * 1000);
  const tables = new Set<string>();
  const leads = await anonymiseExpiredLeads(options, leadCutoff.toISOString(), tables);
  const bodies = await eraseOldBodies(options, bodyCutoff.toISOString());
  if (bodies.count > 0) tables.add('outbox');
  const replyBodiesErased = await eraseOldReplyBodies(storage, bodyCutoff.toISOString());
  if (replyBodiesErased > 0) tables.add('inbox_replies');
  const files = [...leads.files, ...bodies.files];
  const filesDeleted = (await deleteFiles(files)) + (await deleteFiles(await leftoverFiles(options)));
  const requestsMasked = await createRequestStore(storage, await privacyHashKey(storage)).maskAnsweredBefore(
    leadCutoff,
  );
  if (requestsMasked > 0) tables.add('privacy_requests');
  const audit = createAuditLog(storage);
  const auditPruned = await audit.prune(leadCutoff);
  // Rewrites left unfinished earlier (a cancellation's, a rectification's, the last run's) are retried here.
  const { pending } = await rewriteWithPending(storage, [...tables], now, options.compaction);
  const result: RetentionResult = {
    leadsAnonymised: leads.count,
    bodiesErased: bodies.count,
    replyBodiesErased,
    filesDeleted,
    requestsMasked,
    auditPruned,
    pendingRewrites: pending,
  };
  await audit.record({ actor: { kind: 'system' }, action: 'retention', detail: { ...result }, at: now });
  return result;
}
