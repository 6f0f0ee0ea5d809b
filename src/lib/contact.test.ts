import { describe, expect, it } from 'vitest';
import { CONTACT_DEFAULTS, contactDetails, whatsappLink } from './contact.ts';

describe('contactDetails', () => {
  it('falls back to the defaults when the environment is empty', () => {
    const contact = contactDetails({ email: '', phone: undefined });
    expect(contact.email).toBe(CONTACT_DEFAULTS.email);
    expect(contact.mailto).toBe(`mailto:${CONTACT_DEFAULTS.email}`);
    expect(contact.supportHours).toBe('Lunes a Viernes 9AM-6PM');
  });

  it('normalises phone and WhatsApp numbers to digits', () => {
    const contact = contactDetails({ phone: '+52 (33) 1234-5678', whatsappNumber: '+52 33 1234 5678' });
    expect(contact.tel).toBe('tel:+523312345678');
    expect(contact.whatsappNumber).toBe('523312345678');
  });
});

describe('whatsappLink', () => {
  it('builds a wa.me direct-chat link with an encoded prefilled text', () => {
    expect(whatsappLink('+52 55 1111 2222', 'Hola, ¿me ayudan?')).toBe(
      'https://wa.me/525511112222?text=Hola%2C%20%C2%BFme%20ayudan%3F',
    );
  });
});
