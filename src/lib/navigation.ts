/**
 * Navigation of the site: the top bar and the footer columns. Labels and destinations are written here
 * once (the 404 page's suggestions are its content, content/pages/404.yaml).
 */
import { ROUTES } from '../../core/routes.ts';

export interface NavLink {
  label: string;
  href: string;
}

export const MAIN_NAV: readonly NavLink[] = [
  { label: 'Portfolio', href: ROUTES.portfolio },
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

/** In every footer (site, wiki and error pages): the full privacy notice. */
export const PRIVACY_LINK: NavLink = { label: 'Aviso de privacidad', href: ROUTES.privacy };
