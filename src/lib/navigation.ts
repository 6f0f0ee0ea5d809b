/**
 * Navigation of the site: the top bar, the footer columns and the 404 page's suggestions.
 * Labels and destinations are written here once.
 */
import { ROUTES } from '../../core/routes.ts';

export interface NavLink {
  label: string;
  href: string;
}

export const MAIN_NAV: readonly NavLink[] = [
  { label: 'Portfolio', href: '/#portfolio' },
  { label: 'Servicios', href: '/#servicios' },
  { label: 'Tecnologías', href: ROUTES.technologies },
  { label: 'Integraciones', href: ROUTES.integrations },
  { label: 'Proceso', href: ROUTES.process },
];

export const NAV_CTA: NavLink = { label: 'Iniciar Proyecto', href: ROUTES.startProject };

export const SERVICE_LINKS: readonly NavLink[] = [
  { label: 'Aplicaciones Web', href: ROUTES.webApps },
  { label: 'Apps Móviles', href: ROUTES.mobileApps },
  { label: 'E-commerce', href: ROUTES.ecommerce },
  { label: 'Cloud Native', href: ROUTES.cloudNative },
  { label: 'CMS a Código', href: ROUTES.cms },
];

export interface FooterColumn {
  title: string;
  links: readonly NavLink[];
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  { title: 'Servicios', links: SERVICE_LINKS },
  {
    title: 'Tecnologías',
    links: [
      { label: 'Nuestro stack', href: `${ROUTES.technologies}#stack` },
      { label: 'Integraciones', href: ROUTES.integrations },
      { label: 'Proceso de desarrollo', href: ROUTES.process },
      { label: 'Consultoría tecnológica', href: ROUTES.techConsulting },
      { label: 'Auditoría de infraestructura', href: ROUTES.infrastructureAudit },
      { label: 'Migración a la nube', href: ROUTES.cloudMigration },
    ],
  },
  {
    title: 'Recursos',
    links: [
      { label: 'Portfolio', href: ROUTES.portfolio },
      { label: 'Preguntas frecuentes', href: ROUTES.faq },
      { label: 'Consultoría de integraciones', href: ROUTES.integrationsConsulting },
      { label: 'Wiki para desarrolladores', href: ROUTES.wikiHome },
      { label: 'Iniciar proyecto', href: ROUTES.startProject },
    ],
  },
];

/** The three cards of the 404 page. */
export const NOT_FOUND_CARDS: ReadonlyArray<NavLink & { description: string }> = [
  { label: 'Servicios', href: '/#servicios', description: 'Aplicaciones web, apps móviles, e-commerce, cloud y datos.' },
  { label: 'Portfolio', href: ROUTES.portfolio, description: 'Seis casos de éxito con resultados medibles.' },
  { label: 'Tecnologías', href: ROUTES.technologies, description: 'El stack con el que construimos y por qué.' },
];

/** The eight popular links of the 404 page. */
export const POPULAR_LINKS: readonly NavLink[] = [
  { label: 'Aplicaciones Web', href: ROUTES.webApps },
  { label: 'Apps Móviles', href: ROUTES.mobileApps },
  { label: 'E-commerce', href: ROUTES.ecommerce },
  { label: 'Cloud Native', href: ROUTES.cloudNative },
  { label: 'CMS a Código', href: ROUTES.cms },
  { label: 'Integraciones', href: ROUTES.integrations },
  { label: 'Proceso', href: ROUTES.process },
  { label: 'FAQ', href: ROUTES.faq },
];

/** The bar turns solid once the page has scrolled 80% of the window height. */
export const NAV_SOLID_SCROLL_RATIO = 0.8;

export function isNavSolid(scrollY: number, viewportHeight: number): boolean {
  return scrollY >= viewportHeight * NAV_SOLID_SCROLL_RATIO;
}
