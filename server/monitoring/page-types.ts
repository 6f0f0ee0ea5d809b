/**
 * Pages grouped by type for the monitoring's status and alerts: a type shares its layout and weight, so its
 * pages' measurements pool into one p75 that reaches the minimum samples sooner than any one page would.
 */
import { ROUTES } from '../../core/routes.ts';

export const PAGE_TYPES = ['home', 'forms', 'services', 'consulting', 'portfolio', 'wiki', 'other'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const PAGE_TYPE_LABELS: Readonly<Record<PageType, string>> = {
  home: 'Inicio',
  forms: 'Formularios (contacto, iniciar proyecto)',
  services: 'Servicios',
  consulting: 'Consultorías y auditoría',
  portfolio: 'Portafolio y casos',
  wiki: 'Wiki',
  other: 'Otras páginas',
};

const CONSULTING: readonly string[] = [
  ROUTES.techConsulting,
  ROUTES.infrastructureAudit,
  ROUTES.cloudMigration,
  ROUTES.integrationsConsulting,
  ROUTES.cms,
];

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

export function pageTypeOf(path: string): PageType {
  if (path === ROUTES.home) return 'home';
  if (path === ROUTES.contact || path === ROUTES.startProject) return 'forms';
  if (under(path, '/servicios')) return 'services';
  if (CONSULTING.includes(path)) return 'consulting';
  if (under(path, ROUTES.portfolio)) return 'portfolio';
  if (under(path, ROUTES.wiki)) return 'wiki';
  return 'other';
}
