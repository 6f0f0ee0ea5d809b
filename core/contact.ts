/**
 * Contact details as pages and e-mails print them, from the facts in content/contact.yaml, with the
 * environment's channels (`PUBLIC_CONTACT_EMAIL`, `PUBLIC_CONTACT_PHONE`, `PUBLIC_WHATSAPP_NUMBER`) taking
 * precedence per deployment: Astro passes them from `astro:env/client`, the server from its configuration
 * (server/config.ts).
 */
import type { ContactFacts } from './content/contact.ts';

export interface ContactOverrides {
  email?: string | undefined;
  phone?: string | undefined;
  whatsappNumber?: string | undefined;
}

export interface ContactDetails {
  email: string;
  mailto: string;
  phone: string;
  /** The phone for display, with non-breaking spaces so it never wraps mid-number. */
  phoneDisplay: string;
  /** `tel:` link with digits only (and the leading +). */
  tel: string;
  whatsappNumber: string;
  /** "Lunes a viernes, 9:00 a 18:00 h". */
  supportHours: string;
  /** schema.org `openingHours`: "Mo-Fr 09:00-18:00". */
  openingHours: string;
  greetings: ContactFacts['greetings'];
  /** Where personal-data requests go (never replaced by the environment: the notice states it). */
  dataProtectionEmail: string;
  dataProtectionMailto: string;
  /** The domicilio on one line: "Av. …, Col. …, Alcaldía …, C. P. 03900, Ciudad de México". */
  address: string;
}

/** The domicilio on one line; the city is written once when it is also the state (Ciudad de México). */
export function addressLine(address: ContactFacts['address']): string {
  const place = address.city === address.state ? address.city : `${address.city}, ${address.state}`;
  return `${address.street}, ${address.neighborhood}, ${address.municipality}, C. P. ${address.postalCode}, ${place}`;
}

/** Digits only; `wa.me` wants the international number without `+`, spaces or dashes. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** "09:00" as a Mexican reader writes it: "9:00". */
function clockText(time: string): string {
  return time.replace(/^0(?=\d:)/, '');
}

/** The office hours as people read them: "Lunes a viernes, 9:00 a 18:00 h". */
export function supportHoursText(hours: ContactFacts['supportHours']): string {
  return `Lunes a viernes, ${clockText(hours.opens)} a ${clockText(hours.closes)} h`;
}

export function contactDetails(facts: ContactFacts, overrides: ContactOverrides = {}): ContactDetails {
  const email = overrides.email?.trim() || facts.email;
  const phone = overrides.phone?.trim() || facts.phone;
  const whatsappNumber = digitsOnly(overrides.whatsappNumber?.trim() || facts.whatsappNumber);
  const { opens, closes } = facts.supportHours;
  return {
    email,
    mailto: `mailto:${email}`,
    phone,
    phoneDisplay: phone.replace(/ /g, '\u00a0'),
    tel: `tel:+${digitsOnly(phone)}`,
    whatsappNumber,
    supportHours: supportHoursText(facts.supportHours),
    openingHours: `Mo-Fr ${opens}-${closes}`,
    greetings: facts.greetings,
    dataProtectionEmail: facts.dataProtectionEmail,
    dataProtectionMailto: `mailto:${facts.dataProtectionEmail}`,
    address: addressLine(facts.address),
  };
}

/** Direct-chat link with a prefilled message. */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${digitsOnly(number)}?text=${encodeURIComponent(text)}`;
}
