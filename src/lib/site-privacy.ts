/**
 * The privacy notice as the built site states it: content/privacy.yaml (with the retention limits the
 * server also reads from it, so the notice says what the server does) and the contact facts. Astro-only
 * (reads from disk at build time).
 */
import { loadContentFacts } from '../../core/content/load.ts';
import { noticeFacts, shortNotice } from './privacy/notice.ts';
import { CONTACT } from './site-contact.ts';

export const PRIVACY = loadContentFacts().privacy;
export const RETENTION = PRIVACY.retention;
export const NOTICE_FACTS = noticeFacts(CONTACT, RETENTION);
export const SHORT_NOTICE = shortNotice(PRIVACY, CONTACT.address);
