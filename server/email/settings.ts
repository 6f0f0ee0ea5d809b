/**
 * Who the e-mails come from, where the internal copies go, and the facts they quote (option labels,
 * offers, contact details). Pure data: the templates get it as an argument so they stay free of I/O and of
 * the environment; the API builds it from its configuration, the wiki's previews from the defaults.
 */
import { contactDetails, type ContactDetails } from '../../core/contact.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import type { Offers } from '../../core/content/offers.ts';
import type { FormLists } from '../../core/forms/options.ts';
import { SITE } from '../../core/site.ts';

export interface EmailSettings {
  /** `{product}` in the subjects. */
  brandName: string;
  /** Public origin of the site, for links in the messages. */
  siteUrl: string;
  /** Sender, `Name <address>`. */
  from: string;
  /** The sales team's inbox: recipient of every internal message. */
  salesEmail: string;
  contact: ContactDetails;
  /** Who the internal messages are assigned to (`asignado_a`). */
  assignee: string;
  /** The option lists, to print labels instead of ids. */
  lists: FormLists;
  /** The consulting offers, to quote price and duration. */
  offers: Offers;
}

export const DEFAULT_SALES_EMAIL = 'ventas@angram.mx';
export const DEFAULT_ASSIGNEE = 'Equipo de Ventas';

export function defaultMailFrom(contact: Pick<ContactDetails, 'email'>): string {
  return `${SITE.name} <${contact.email}>`;
}

/** The address inside `Name <address>` (or the value itself when it is a bare address). */
export function addressOf(mailbox: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailbox);
  return (match?.[1] ?? mailbox).trim();
}

/** Settings from content/ and the defaults, with `overrides` on top. */
export function defaultEmailSettings(overrides: Partial<EmailSettings> = {}): EmailSettings {
  const facts = loadContentFacts();
  const contact = overrides.contact ?? contactDetails(facts.contact);
  return {
    brandName: SITE.name,
    siteUrl: SITE.defaultUrl,
    from: defaultMailFrom(contact),
    salesEmail: DEFAULT_SALES_EMAIL,
    assignee: DEFAULT_ASSIGNEE,
    lists: facts.lists,
    offers: facts.offers,
    ...overrides,
    contact,
  };
}
