/**
 * The wiki's sidebar groups, in display order, with their Spanish labels, and the pages each one must
 * hold (the documentation the team agreed to keep; the build fails when one goes missing). A page says which group it belongs to in its own frontmatter
 * (`group`, `order`); `specPages` is the contract the build checks it against, not the sidebar order.
 */
import type { IconName } from '../icons.ts';

export interface WikiGroup {
  id: string;
  label: string;
  icon: IconName;
  /** Slugs this group must hold; editors may add more. */
  specPages: readonly string[];
}

export const WIKI_GROUPS = [
  {
    id: 'overview',
    label: 'Visión general',
    icon: 'compass',
    specPages: ['overview', 'architecture', 'tech-stack', 'design-philosophy'],
  },
  {
    id: 'installation',
    label: 'Instalación',
    icon: 'rocket',
    specPages: ['requirements', 'setup', 'development', 'deployment'],
  },
  {
    id: 'pages',
    label: 'Páginas',
    icon: 'book',
    specPages: ['main-pages', 'service-pages', 'specialized-pages', 'forms-ctas'],
  },
  {
    id: 'components',
    label: 'Componentes',
    icon: 'layers',
    specPages: ['navigation', 'hero-sections', 'content-sections', 'forms', 'ui-elements'],
  },
  {
    id: 'functionality',
    label: 'Funcionalidad',
    icon: 'zap',
    specPages: ['animations', 'seo', 'responsive', 'performance', 'email-template'],
  },
  {
    id: 'design-system',
    label: 'Sistema de diseño',
    icon: 'sparkles',
    specPages: ['liquid-glass', 'colors', 'typography', 'spacing'],
  },
  {
    id: 'maintenance',
    label: 'Mantenimiento',
    icon: 'shield',
    specPages: ['updates', 'monitoring', 'troubleshooting', 'best-practices'],
  },
  { id: 'backend', label: 'Backend', icon: 'database', specPages: ['backend', 'backend-integration'] },
] as const satisfies readonly WikiGroup[];

export type WikiGroupId = (typeof WIKI_GROUPS)[number]['id'];

export const WIKI_GROUP_IDS = WIKI_GROUPS.map((group) => group.id) as [WikiGroupId, ...WikiGroupId[]];

/** The group open by default on every page (besides the one holding the current page). */
export const DEFAULT_OPEN_GROUP: WikiGroupId = 'overview';

export const WIKI_TITLE = 'Wiki Angram';

export function groupById(id: WikiGroupId): (typeof WIKI_GROUPS)[number] {
  const group = WIKI_GROUPS.find((candidate) => candidate.id === id);
  if (!group) throw new Error(`Grupo de la wiki desconocido: ${id}`);
  return group;
}
