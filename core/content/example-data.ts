/**
 * Example company data left in content/contact.yaml (its `exampleData` list): the privacy notice would
 * publish a domicilio and an e-mail that are not the company's. A build says so every time, and a
 * production build (`SITE_ENV=production`) refuses to go on.
 */
import type { ContactFacts } from './contact.ts';

const FIELD_NAMES = {
  address: 'el domicilio (address)',
  dataProtectionEmail: 'el correo de privacidad (dataProtectionEmail)',
};

/** The warning for what is still example data, or `undefined` when every legal fact is confirmed. */
export function exampleDataNotice(contact: Pick<ContactFacts, 'exampleData'>): string | undefined {
  const fields = contact.exampleData ?? [];
  if (fields.length === 0) return undefined;
  return `content/contact.yaml aún tiene datos de ejemplo: ${fields.map((field) => FIELD_NAMES[field]).join(' y ')}. El aviso de privacidad los publica; pon los reales y quítalos de exampleData.`;
}

/** Warns through `warn` while example data is left; throws instead when the build is for production. */
export function checkExampleData(
  contact: Pick<ContactFacts, 'exampleData'>,
  siteEnv: string | undefined,
  warn: (message: string) => void,
): void {
  const notice = exampleDataNotice(contact);
  if (!notice) return;
  if (siteEnv === 'production') throw new Error(`${notice} Con SITE_ENV=production la compilación se detiene.`);
  warn(notice);
}
