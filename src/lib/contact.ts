/**
 * Contact details, one module for the whole product. Values come from the environment
 * (`PUBLIC_CONTACT_EMAIL`, `PUBLIC_CONTACT_PHONE`, `PUBLIC_WHATSAPP_NUMBER`): Astro passes them from
 * `astro:env/client`, the server from `process.env`. Defaults live here and nowhere else.
 */
export const CONTACT_DEFAULTS = {
  email: 'hola@angram.mx',
  phone: '+52 55 4161 2280',
  whatsappNumber: '525541612280',
} as const;

export const SUPPORT_HOURS = {
  label: 'Lunes a Viernes 9AM-6PM',
  /** schema.org openingHours form. */
  schema: 'Mo-Fr 09:00-18:00',
} as const;

export const WHATSAPP_GREETINGS = {
  general: 'Hola Angram, me gustaría platicar sobre un proyecto de software.',
  navigationHelp: 'Hola Angram, no encontré la página que buscaba en su sitio. ¿Me ayudan a encontrar lo que necesito?',
} as const;

export interface ContactInput {
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
  supportHours: string;
}

/** Digits only; `wa.me` wants the international number without `+`, spaces or dashes. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

export function contactDetails(input: ContactInput = {}): ContactDetails {
  const email = input.email?.trim() || CONTACT_DEFAULTS.email;
  const phone = input.phone?.trim() || CONTACT_DEFAULTS.phone;
  const whatsappNumber = digitsOnly(input.whatsappNumber?.trim() || CONTACT_DEFAULTS.whatsappNumber);
  return {
    email,
    mailto: `mailto:${email}`,
    phone,
    phoneDisplay: phone.replace(/ /g, '\u00a0'),
    tel: `tel:+${digitsOnly(phone)}`,
    whatsappNumber,
    supportHours: SUPPORT_HOURS.label,
  };
}

/** Direct-chat link with a prefilled message. */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${digitsOnly(number)}?text=${encodeURIComponent(text)}`;
}
