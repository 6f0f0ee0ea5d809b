/**
 * The inbox's slice of the process's configuration, copied out of it: `createAdmin` is handed this and
 * nothing else of the configuration, so the database's address, the mailbox's password and the API's
 * limits never reach the inbox's modules. Typed by `InboxConfig` on both sides, a setting added to the
 * inbox's needs and not copied here fails the build.
 */
import type { TrustProxy } from '../client/trusted-proxies.ts';
import type { PrivacyServiceOptions } from '../privacy/service.ts';
import type { AdminConfig } from './config.ts';

/** What the inbox reads of the configuration (server/config.ts and ./config.ts document each). */
export interface InboxConfig {
  /** Its own `ADMIN_*` variables, with whether the team's mailbox is read for replies. */
  admin: AdminConfig;
  trustProxy: TrustProxy;
  /** Where the outbox writes `.eml` files (the personal-data pages find and erase them). */
  outboxDir: string;
  /** The lists, the privacy notice and the offers the personal-data pages read. */
  facts: PrivacyServiceOptions['facts'];
  /** Below this many measurements a page type's status is "sin dato" (`VITALS_MIN_SAMPLES`). */
  monitoringMinSamples: number;
}

/** The server's settings the inbox shares, as server/config.ts holds them. */
interface SharedSettings {
  trustProxy: TrustProxy;
  outboxDir: string;
  facts: PrivacyServiceOptions['facts'];
  monitoring: { vitalsMinSamples: number };
  replies: { imapUrl: string | undefined };
}

export function inboxConfigOf(server: SharedSettings, admin: AdminConfig): InboxConfig {
  return {
    // The lead page says how to turn reading replies on when the mailbox is not read.
    admin: { ...admin, repliesRead: server.replies.imapUrl !== undefined },
    trustProxy: server.trustProxy,
    outboxDir: server.outboxDir,
    facts: { lists: server.facts.lists, privacy: server.facts.privacy, offers: server.facts.offers },
    monitoringMinSamples: server.monitoring.vitalsMinSamples,
  };
}
