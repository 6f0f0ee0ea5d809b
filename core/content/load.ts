/**
 * Node only (the site's build, the API at start-up, scripts and tests; never an island): reads the editorial
 * facts both sides need from `content/` and validates them: the form option lists (what the schemas accept,
 * what `contactFormSelects` serves, the labels the e-mails print), the offers (prices on the pages, in the
 * e-mails and the analysis), the contact details and the privacy notice (its voluntary purposes are what a
 * refusal may name). A wrong file fails the build, or stops the server, with the file and field to fix.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONTACT_FILE, contactSchema, type ContactFacts } from './contact.ts';
import { FORM_OPTIONS_FILE, formOptionsSchema } from './form-options.ts';
import { consultingServices, OFFERS_FILE, offersSchema, type Offers } from './offers.ts';
import { parseContent } from './parse.ts';
import { PRIVACY_FILE, privacySchema, type PrivacyNotice } from './privacy.ts';
import type { FormLists } from '../forms/options.ts';

export interface ContentFacts {
  contact: ContactFacts;
  offers: Offers;
  lists: FormLists;
  privacy: PrivacyNotice;
}

/**
 * The repository root: `content/` sits beside `core/`. Astro's build runs this module from a bundled
 * chunk under `dist/`, where that relation no longer holds; the build runs in the project root, so the
 * working directory is the answer there.
 */
export function defaultRoot(): string {
  const beside = fileURLToPath(new URL('../../', import.meta.url));
  return existsSync(`${beside}${OFFERS_FILE}`) ? beside : `${process.cwd()}/`;
}

function read(root: string, file: string): string {
  return readFileSync(new URL(file, `file://${root.endsWith('/') ? root : `${root}/`}`), 'utf8');
}

const cache = new Map<string, ContentFacts>();

/** The facts of a checkout (read once per process and root). */
export function loadContentFacts(root: string = defaultRoot()): ContentFacts {
  const cached = cache.get(root);
  if (cached) return cached;
  const facts = readContentFacts(root);
  cache.set(root, facts);
  return facts;
}

/** Reads the files again, for a server reloading content or a test with its own copy. */
export function readContentFacts(root: string): ContentFacts {
  const offers = parseContent(OFFERS_FILE, read(root, OFFERS_FILE), offersSchema);
  const options = parseContent(FORM_OPTIONS_FILE, read(root, FORM_OPTIONS_FILE), formOptionsSchema);
  return {
    contact: parseContent(CONTACT_FILE, read(root, CONTACT_FILE), contactSchema),
    offers,
    lists: { ...options, consultingServices: consultingServices(offers) },
    privacy: parseContent(PRIVACY_FILE, read(root, PRIVACY_FILE), privacySchema),
  };
}
