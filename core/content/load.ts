/**
 * Node only (the site's build, the API at start-up, scripts and tests; never an island): reads the editorial
 * facts both sides need from `content/` and validates them: the form option lists (what the schemas accept,
 * what `contactFormSelects` serves, the labels the e-mails print), the offers (prices on the pages, in the
 * e-mails and the analysis), the contact details, who attends each kind of lead, the e-mails' wording and
 * the privacy notice (its voluntary purposes are what a refusal may name). The site's build reads them too,
 * so a wrong file fails the build, or stops the server, with the file and field to fix.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LEAD_FORMS } from '../forms/kinds.ts';
import type { FormLists } from '../forms/options.ts';
import { CONTACT_FILE, contactSchema, type ContactFacts } from './contact.ts';
import {
  CONSULTANTS_FILE,
  consultantsSchema,
  resolveConsultants,
  TEAM_DIR,
  teamMemberSchema,
  type Consultant,
  type ConsultantDirectory,
} from './consultants.ts';
import { EMAILS_FILE, emailsSchema, type EmailCopy } from './emails.ts';
import { FORM_OPTIONS_FILE, formOptionsSchema } from './form-options.ts';
import { consultingServices, OFFERS_FILE, offersSchema, type Offers } from './offers.ts';
import { ContentError, contentProblems, issuePath, parseContent } from './parse.ts';
import { PRIVACY_FILE, privacySchema, type PrivacyNotice } from './privacy.ts';
import { readPromisePlaceholders } from './promises.ts';
import { SALES_EMAILS_FILE, salesEmailsSchema, type SalesEmailCopy } from './sales-emails.ts';
import { readTranslations, type Translations } from '../i18n/load.ts';
import { fillKnown } from '../text-template.ts';

export interface ContentFacts {
  contact: ContactFacts;
  offers: Offers;
  lists: FormLists;
  consultants: ConsultantDirectory;
  emails: EmailCopy;
  privacy: PrivacyNotice;
  salesEmails: SalesEmailCopy;
  /** The languages, their interface strings and long-form content (core/i18n/). */
  translations: Translations;
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

function url(root: string, file: string): URL {
  return new URL(file, `file://${root.endsWith('/') ? root : `${root}/`}`);
}

function read(root: string, file: string): string {
  return readFileSync(url(root, file), 'utf8');
}

/** The team's names and roles by file name (`content/team/<id>.yaml`). */
function readTeam(root: string): Map<string, Consultant> {
  const files = readdirSync(url(root, `${TEAM_DIR}/`)).filter((name) => name.endsWith('.yaml'));
  return new Map(
    files
      .sort()
      .map((name) => [
        name.slice(0, -'.yaml'.length),
        parseContent(`${TEAM_DIR}/${name}`, read(root, `${TEAM_DIR}/${name}`), teamMemberSchema),
      ]),
  );
}

/** Every consulting service a form may send: the offers and the dedicated forms' own services. */
function serviceTypes(offers: Offers): string[] {
  const dedicated = Object.values(LEAD_FORMS).flatMap((form) => ('serviceType' in form ? [form.serviceType] : []));
  return [...new Set([...dedicated, ...Object.keys(offers)])];
}

function readConsultants(root: string, lists: FormLists, offers: Offers): ConsultantDirectory {
  const file = parseContent(CONSULTANTS_FILE, read(root, CONSULTANTS_FILE), consultantsSchema);
  const resolved = resolveConsultants(file, {
    projectTypes: lists.proyects.map((option) => option.id),
    serviceTypes: serviceTypes(offers),
    team: readTeam(root),
  });
  if (resolved.ok) return resolved.directory;
  throw new ContentError(
    contentProblems(
      CONSULTANTS_FILE,
      resolved.problems.map((problem) => ({ path: issuePath(problem.path), message: problem.message })),
    ),
  );
}

const cache = new Map<string, ContentFacts>();

/**
 * The site's build evaluates this module three times in one process (the Astro config in Node, the content
 * collections in Vite's module runner, the rendered pages' bundle), each copy with its own `cache`: a build
 * shares the facts it read first with the others here instead (`shareContentFactsWithinBuild`), as content
 * does not change while it runs. The dev server never fills it, so a change to this code reads them afresh.
 */
const SHARED = Symbol.for('angram.contentFactsOfBuild');
type SharingGlobal = typeof globalThis & { [SHARED]?: Map<string, ContentFacts> };

const rootKey = (root: string) => (root.endsWith('/') ? root : `${root}/`);

/** The facts of a checkout (read once per process and root). */
export function loadContentFacts(root: string = defaultRoot()): ContentFacts {
  const cached = cache.get(root) ?? (globalThis as SharingGlobal)[SHARED]?.get(rootKey(root));
  if (cached) return cached;
  const facts = readContentFacts(root);
  cache.set(root, facts);
  return facts;
}

/** For the site's build only: every copy of this module in the process gets the facts read here. */
export function shareContentFactsWithinBuild(root: string): ContentFacts {
  const facts = loadContentFacts(root);
  const shared = ((globalThis as SharingGlobal)[SHARED] ??= new Map());
  shared.set(rootKey(root), facts);
  return facts;
}

/** Reads the files again, for a server reloading content or a test with its own copy. */
export function readContentFacts(root: string): ContentFacts {
  const offers = parseContent(OFFERS_FILE, read(root, OFFERS_FILE), offersSchema);
  const options = parseContent(FORM_OPTIONS_FILE, read(root, FORM_OPTIONS_FILE), formOptionsSchema);
  const lists = { ...options, consultingServices: consultingServices(offers) };
  return {
    contact: parseContent(CONTACT_FILE, read(root, CONTACT_FILE), contactSchema),
    offers,
    lists,
    consultants: readConsultants(root, lists, offers),
    // The e-mails quote the promises (`{plazoPropuesta}`) like the pages; the server's own placeholders stay.
    emails: parseContent(EMAILS_FILE, fillKnown(read(root, EMAILS_FILE), readPromisePlaceholders(root)), emailsSchema),
    privacy: parseContent(PRIVACY_FILE, read(root, PRIVACY_FILE), privacySchema),
    salesEmails: parseContent(SALES_EMAILS_FILE, read(root, SALES_EMAILS_FILE), salesEmailsSchema),
    // A Spanish file that is not valid YAML is reported by whoever reads it as content (the build's
    // collections, with its line); the translations leave it out rather than fail first.
    translations: readTranslations(root, { lenient: true }),
  };
}
