/**
 * Facts about the company and the site that never change per environment.
 * Plain TypeScript with relative imports only: the Astro pages, the islands and the Node server import it.
 */
export const SITE = {
  /** Brand name, used as `{product}` in e-mail subjects and as the title suffix. */
  name: 'Angram',
  legalName: 'Angram Software S.A. de C.V.',
  tagline: 'Desarrollo de software a la medida',
  locale: 'es-MX',
  /** Open Graph locale. */
  ogLocale: 'es_MX',
  timeZone: 'America/Mexico_City',
  /** How every page, e-mail, the inbox and the CSV name that time zone. */
  timeZoneName: 'hora de la Ciudad de México',
  /** Default canonical origin; `SITE_URL` overrides it. */
  defaultUrl: 'https://www.angram.mx',
  city: 'Ciudad de México',
  region: 'CDMX',
  country: 'MX',
  foundingYear: 2015,
} as const;
