/** Every public path of the site, named once. Pages, navigation, SEO presets and tests import these. */
export const ROUTES = {
  home: '/',
  contact: '/contacto',
  startProject: '/iniciar-proyecto',
  techConsulting: '/consultoria-tecnologica',
  infrastructureAudit: '/auditoria-infraestructura',
  cloudMigration: '/migracion-cloud',
  integrationsConsulting: '/consultoria-integraciones',
  cms: '/cms-a-codigo',
  technologies: '/tecnologias',
  integrations: '/integraciones',
  process: '/proceso-desarrollo',
  portfolio: '/portfolio',
  faq: '/faq',
  privacy: '/aviso-de-privacidad',
  /** The client's own meeting, from the private link in their e-mail (noindex, outside the sitemap). */
  meeting: '/reunion',
  webApps: '/servicios/aplicaciones-web',
  mobileApps: '/servicios/apps-moviles',
  ecommerce: '/servicios/ecommerce',
  cloudNative: '/servicios/cloud-native',
  wiki: '/wikiangram',
  wikiHome: '/wikiangram/overview',
} as const;

/** Path of one portfolio case. */
export function portfolioCasePath(id: string): string {
  return `${ROUTES.portfolio}/${id}`;
}

/** Path of one wiki page. */
export function wikiPath(slug: string): string {
  return `${ROUTES.wiki}/${slug}`;
}
