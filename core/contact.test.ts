import { describe, expect, it } from 'vitest';
import { contactDetails, whatsappLink } from './contact.ts';
import type { ContactFacts } from './content/contact.ts';
import { loadContentFacts } from './content/load.ts';

const facts: ContactFacts = {
  email: 'hola@ejemplo.mx',
  phone: '+52 55 1111 2222',
  whatsappNumber: '525511112222',
  supportHours: { opens: '09:00', closes: '18:00' },
  greetings: { general: 'Hola', navigationHelp: 'Ayuda' },
  dataProtectionEmail: 'datos@ejemplo.mx',
  address: {
    street: 'Calle Uno 10',
    neighborhood: 'Col. Centro',
    municipality: 'Municipio de Zapopan',
    postalCode: '45100',
    city: 'Zapopan',
    state: 'Jalisco',
  },
};

describe('contactDetails', () => {
  it('takes the facts when the environment is empty', () => {
    const contact = contactDetails(facts, { email: '', phone: undefined });
    expect(contact.email).toBe('hola@ejemplo.mx');
    expect(contact.mailto).toBe('mailto:hola@ejemplo.mx');
    expect(contact.supportHours).toBe('Lunes a viernes, 9:00 a 18:00 h');
    expect(contact.openingHours).toBe('Mo-Fr 09:00-18:00');
  });

  it('writes the office hours from opens and closes, the Mexican way', () => {
    const late = contactDetails({ ...facts, supportHours: { opens: '10:30', closes: '19:00' } });
    expect(late.supportHours).toBe('Lunes a viernes, 10:30 a 19:00 h');
    expect(late.openingHours).toBe('Mo-Fr 10:30-19:00');
  });

  it('lets the environment replace the channels, normalising phone and WhatsApp numbers to digits', () => {
    const contact = contactDetails(facts, { phone: '+52 (33) 1234-5678', whatsappNumber: '+52 33 1234 5678' });
    expect(contact.tel).toBe('tel:+523312345678');
    expect(contact.whatsappNumber).toBe('523312345678');
    expect(contact.phoneDisplay).toBe('+52\u00a0(33)\u00a01234-5678');
  });

  it('writes the domicilio on one line, the city once when it is also the state', () => {
    const contact = contactDetails(facts, { email: 'otro@ejemplo.mx' });
    expect(contact.address).toBe('Calle Uno 10, Col. Centro, Municipio de Zapopan, C. P. 45100, Zapopan, Jalisco');
    expect(contactDetails({ ...facts, address: { ...facts.address, city: 'CDMX', state: 'CDMX' } }).address).toBe(
      'Calle Uno 10, Col. Centro, Municipio de Zapopan, C. P. 45100, CDMX',
    );
    // The environment replaces the sales channel, never the address for personal-data requests.
    expect(contact.dataProtectionMailto).toBe('mailto:datos@ejemplo.mx');
  });

  it('reads the real content/contact.yaml', () => {
    const contact = contactDetails(loadContentFacts().contact);
    expect(contact.mailto).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    expect(contact.whatsappNumber).toMatch(/^\d{10,15}$/);
  });
});

describe('whatsappLink', () => {
  it('builds a wa.me direct-chat link with an encoded prefilled text', () => {
    expect(whatsappLink('+52 55 1111 2222', 'Hola, ¿me ayudan?')).toBe(
      'https://wa.me/525511112222?text=Hola%2C%20%C2%BFme%20ayudan%3F',
    );
  });
});
