/**
 * Who the e-mails come from, where the internal copies go, their wording and the facts they quote (option
 * labels, offers, contact details, consultants). Pure data: the templates get it as an argument so they stay
 * free of I/O and of the environment; the process builds it from its configuration, the wiki's previews
 * from the content alone.
 */
import type { ContactDetails } from '../../core/contact.ts';
import type { EmailCopy } from '../../core/content/emails.ts';
import { loadContentFacts, type ContentFacts } from '../../core/content/load.ts';
import { ROUTES } from '../../core/routes.ts';
import { SITE } from '../../core/site.ts';
import { defaultLeadSettings } from '../lead/settings.ts';
import { clientLanguages } from './languages.ts';
import type { LeadSettings } from '../lead/view.ts';

export interface EmailSettings extends LeadSettings {
  /** Sender, `Name <address>`. */
  from: string;
  /** The sales team's inbox: recipient of every internal message. */
  salesEmail: string;
  /** The messages' wording (content/emails.yaml). */
  copy: EmailCopy;
  /** The brand line of the footer: tagline and city in the messages' language. */
  brandLine: { lema: string; ciudad: string };
  /**
   * What changes in a client's messages when they wrote from a page in another active language (wording,
   * lists, offers, consultants' titles, field names, dates), by language code. The team's stay Spanish.
   */
  languages: ReadonlyMap<string, ClientLanguage>;
  /** The page a manage link opens, in the messages' language (`/reunion`, `/en/meeting`). */
  managePath: string;
}

/** The settings a language replaces (server/email/languages.ts builds them from its translations). */
export type ClientLanguage = Pick<
  EmailSettings,
  | 'copy'
  | 'lists'
  | 'offers'
  | 'contact'
  | 'consultants'
  | 'meetingCopy'
  | 'locale'
  | 'fieldLabels'
  | 'brandLine'
  | 'managePath'
>;

/** The settings for a client who wrote in `language`; the default language's for an unknown or absent one. */
export function inLanguage(settings: EmailSettings, language: string | undefined): EmailSettings {
  const translated = language === undefined ? undefined : settings.languages.get(language);
  return translated ? { ...settings, ...translated } : settings;
}

export const DEFAULT_SALES_EMAIL = 'ventas@angram.mx';

export function defaultMailFrom(contact: Pick<ContactDetails, 'email'>): string {
  return `${SITE.name} <${contact.email}>`;
}

/** The address inside `Name <address>` (or the value itself when it is a bare address). */
export function addressOf(mailbox: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailbox);
  return (match?.[1] ?? mailbox).trim();
}

/** Settings from content facts and the defaults, with `overrides` on top. */
export function emailSettings(
  facts: ContentFacts = loadContentFacts(),
  overrides: Partial<EmailSettings> = {},
): EmailSettings {
  const lead = defaultLeadSettings(facts);
  const contact = overrides.contact ?? lead.contact;
  return {
    ...lead,
    from: defaultMailFrom(contact),
    salesEmail: DEFAULT_SALES_EMAIL,
    copy: facts.emails,
    brandLine: { lema: SITE.tagline, ciudad: SITE.city },
    languages: new Map(),
    managePath: ROUTES.meeting,
    ...overrides,
    contact,
  };
}

/** What the e-mails read of the process's configuration (server/config.ts). */
export interface MailConfig {
  facts: ContentFacts;
  siteUrl: string;
  mailFrom: string;
  salesEmail: string;
  contact: ContactDetails;
  assignee: string;
}

/** The settings of a running process: its configuration's sender, inbox, site and contact details. */
export function emailSettingsFor(config: MailConfig): EmailSettings {
  const settings = emailSettings(config.facts, {
    siteUrl: config.siteUrl,
    from: config.mailFrom,
    salesEmail: config.salesEmail,
    contact: config.contact,
    assignee: config.assignee,
  });
  return { ...settings, languages: clientLanguages(config.facts, settings) };
}
