/**
 * Who the e-mails come from and where the internal copies go. Pure data: the templates get it as an
 * argument so they stay free of I/O and of the environment.
 */
import { contactDetails, type ContactDetails } from '../../src/lib/contact.ts';
import { SITE } from '../../src/lib/site.ts';

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
}

export const DEFAULT_SALES_EMAIL = 'ventas@angram.mx';
export const DEFAULT_ASSIGNEE = 'Equipo de Ventas';

export function defaultMailFrom(contact: ContactDetails = contactDetails()): string {
  return `${SITE.name} <${contact.email}>`;
}

/** The address inside `Name <address>` (or the value itself when it is a bare address). */
export function addressOf(mailbox: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailbox);
  return (match?.[1] ?? mailbox).trim();
}

export function defaultEmailSettings(overrides: Partial<EmailSettings> = {}): EmailSettings {
  const contact = overrides.contact ?? contactDetails();
  return {
    brandName: SITE.name,
    siteUrl: SITE.defaultUrl,
    from: defaultMailFrom(contact),
    salesEmail: DEFAULT_SALES_EMAIL,
    assignee: DEFAULT_ASSIGNEE,
    ...overrides,
    contact,
  };
}
