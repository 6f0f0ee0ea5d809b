/**
 * What every right's answer works with: the database, the outbox folder, the content's facts, the audit
 * trail and the key of the e-mail hashes (read once from the database, again after a failed read). The
 * service builds it once (../service.ts) and hands it to each right.
 */
import type { ContentFacts } from '../../../core/content/load.ts';
import type { Storage } from '../../db/storage.ts';
import { createAuditLog, type Actor, type AuditLog } from '../audit.ts';
import type { CompactionOptions } from '../compact.ts';
import { privacyHashKey } from '../objections.ts';

/** Who answers a request: an inbox account or an operator at the terminal. */
export type Operator = Extract<Actor, { kind: 'account' } | { kind: 'terminal' }>;

export interface PrivacyServiceOptions {
  storage: Storage;
  /** Where the outbox writes `.eml` files (OUTBOX_DIR). */
  outboxDir: string;
  facts: Pick<ContentFacts, 'lists' | 'privacy' | 'offers'>;
  /**
   * Runs before a cancellation erases the person: their future meetings cancelled in every calendar (the
   * CANCEL invites must leave while the addresses still exist). Returns how many invites it composed.
   */
  beforeErasure?: ((leadIds: readonly number[]) => Promise<number>) | undefined;
  /** How the table files are rewritten after an erasure or a correction (tests shorten the wait). */
  compaction?: CompactionOptions | undefined;
}

export interface ActionOptions {
  actor: Operator;
  now: Date;
  /** `YYYY-MM-DD` the request was received, when earlier than today. */
  receivedOn?: string | undefined;
}

export interface PrivacyContext extends PrivacyServiceOptions {
  audit: AuditLog;
  /** The key of the e-mail hashes (a setting of the database). */
  hashKey: () => Promise<string>;
  /** The forms' names as the person reads them in the access document. */
  formNames: Readonly<Record<string, string>>;
}

export function privacyContext(options: PrivacyServiceOptions): PrivacyContext {
  let key: Promise<string> | undefined;
  const hashKey = () => {
    key ??= privacyHashKey(options.storage).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return { ...options, audit: createAuditLog(options.storage), hashKey, formNames: options.facts.privacy.forms };
}
