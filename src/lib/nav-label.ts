/**
 * The label the navigation already gives a path ("Consultoría tecnológica" for /consultoria-tecnologica),
 * so breadcrumbs name pages the way the menus do, from one source.
 */
import { FOOTER_COLUMNS, MAIN_NAV, NAV_CTA, SERVICE_LINKS, type NavLink } from './navigation.ts';

const ALL_LINKS: readonly NavLink[] = [...MAIN_NAV, ...SERVICE_LINKS, ...FOOTER_COLUMNS.flatMap((column) => column.links), NAV_CTA];

/** Label of the first navigation link to `href`; throws (failing the build) when no menu links there. */
export function navLabel(href: string): string {
  const found = ALL_LINKS.find((link) => link.href === href);
  if (!found) throw new Error(`Ningún menú enlaza a ${href}: agrega el enlace en src/lib/navigation.ts`);
  return found.label;
}
