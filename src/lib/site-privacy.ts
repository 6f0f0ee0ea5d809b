/**
 * The privacy notice as the built site states it: content/privacy.yaml, the contact facts, and the retention
 * limits of the build's environment (the same variables the API reads, core/privacy.ts), so the notice says
 * what the server does. Astro-only (reads from disk and the environment at build time).
 */
import { loadContentFacts } from '../../core/content/load.ts';
import { retentionPolicy } from '../../core/privacy.ts';
import { noticeFacts, shortNotice } from './privacy/notice.ts';
import { CONTACT } from './site-contact.ts';

export const PRIVACY = loadContentFacts().privacy;
export const RETENTION = retentionPolicy(process.env);
export const NOTICE_FACTS = noticeFacts(CONTACT, RETENTION);
export const SHORT_NOTICE = shortNotice(PRIVACY, CONTACT.address);
