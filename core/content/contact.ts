/**
 * `content/contact.yaml`: how visitors reach the agency (e-mail, phone, WhatsApp), when someone answers,
 * the greetings the chat links prefill, and the legal contact facts the privacy notice states (the
 * company's domicilio and the e-mail for personal-data requests). The site's footer, contact, privacy and
 * 404 pages and the e-mails read it;
 * the environment (`PUBLIC_CONTACT_EMAIL`, `PUBLIC_CONTACT_PHONE`, `PUBLIC_WHATSAPP_NUMBER`) may replace the
 * three channels per deployment.
 */
import { z } from 'zod';
import { list, oneOf, strict, text } from './common.ts';

/** The legal facts the business must confirm before the site goes public (the privacy notice states them). */
export const CONFIRMABLE_FIELDS = ['address', 'dataProtectionEmail'] as const;

export const CONTACT_FILE = 'content/contact.yaml';

const clock = text('una hora de 24 horas como "09:00"', { max: 5 }).regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  'Se espera una hora como "09:00" o "18:00"',
);

export const contactSchema = strict({
  email: text('el correo de contacto').pipe(z.email('Se espera un correo electrónico válido, como hola@angram.mx')),
  phone: text('el teléfono con lada, como "+52 55 4161 2280"', { max: 24 }).regex(
    /^\+?[\d ()-]{10,}$/,
    'Se espera un teléfono con lada, como "+52 55 4161 2280"',
  ),
  whatsappNumber: text('el número de WhatsApp con código de país, solo dígitos', { max: 15 }).regex(
    /^\d{10,15}$/,
    'Se espera el número con código de país y solo dígitos, como "525541612280" (escríbelo entre comillas)',
  ),
  /** Monday to Friday; pages and e-mails write it as people read it ("Lunes a viernes, 9:00 a 18:00 h"). */
  supportHours: strict({
    opens: clock,
    closes: clock,
  }).refine((hours) => hours.opens < hours.closes, {
    message: 'closes debe ser más tarde que opens',
    path: ['closes'],
  }),
  greetings: strict({
    general: text('el mensaje con el que abre el chat desde el sitio', { max: 200 }),
    navigationHelp: text('el mensaje con el que abre el chat desde la página 404', { max: 200 }),
  }),
  /** Where requests about personal data go (ARCO rights, revocation); the privacy notice and forms name it. */
  dataProtectionEmail: text('el correo para solicitudes sobre datos personales').pipe(
    z.email('Se espera un correo electrónico válido, como privacidad@angram.mx'),
  ),
  /** The company's domicilio as the privacy notice must state it. */
  address: strict({
    street: text('la calle con número exterior e interior, como "Av. Insurgentes Sur 1647, piso 6"', { max: 120 }),
    neighborhood: text('la colonia, como "Col. San José Insurgentes"', { max: 80 }),
    municipality: text('la alcaldía o el municipio, como "Alcaldía Benito Juárez"', { max: 80 }),
    postalCode: text('el código postal de cinco dígitos', { max: 5 }).regex(
      /^\d{5}$/,
      'Se espera el código postal de cinco dígitos, entre comillas, como "03900"',
    ),
    city: text('la ciudad', { max: 60 }),
    state: text('la entidad federativa, como "Ciudad de México" o "Jalisco"', { max: 60 }),
  }),
  /**
   * Fields that still hold example data: the build warns while any is listed, and fails with
   * `SITE_ENV=production` (src/lib/site-contact.ts).
   */
  exampleData: list(oneOf(CONFIRMABLE_FIELDS, 'un campo de este archivo'), 1, CONFIRMABLE_FIELDS.length).optional(),
});

export type ContactFacts = z.output<typeof contactSchema>;
