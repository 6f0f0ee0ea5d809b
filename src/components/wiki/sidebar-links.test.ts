import { describe, expect, it } from 'vitest';
import { wikiRoutes, type WikiPageMeta } from '../../lib/wiki/navigation.ts';
import { sidebarLinksHtml } from './sidebar-links.ts';

const pages: WikiPageMeta[] = [
  { slug: 'overview', title: 'Página uno', group: 'overview', order: 1 },
  { slug: 'architecture', title: 'Arquitectura "Astro" & <islas> d\'React', group: 'overview', order: 2 },
  { slug: 'setup', title: 'Instalación', group: 'installation', order: 1 },
];

describe('sidebarLinksHtml', () => {
  it('writes each link as the template did, the title escaped and the current page marked', () => {
    const [overview] = wikiRoutes(pages).sidebar('overview');
    expect(sidebarLinksHtml(overview?.links ?? [])).toBe(
      ' <li> <a href="/wikiangram/overview" aria-current="page" class="wiki-link"> Página uno </a> </li>' +
        '<li> <a href="/wikiangram/architecture" class="wiki-link"> ' +
        'Arquitectura &quot;Astro&quot; &amp; &lt;islas&gt; d&#39;React </a> </li> ',
    );
  });

  it('shares a group without the current page between pages and writes the current group per page', () => {
    const routes = wikiRoutes(pages);
    const fromSetup = routes.sidebar('setup').find((group) => group.id === 'overview');
    const fromOverview = routes.sidebar('overview').find((group) => group.id === 'overview');
    expect(routes.sidebar('architecture').find((group) => group.id === 'installation')?.links).toBe(
      routes.sidebar('overview').find((group) => group.id === 'installation')?.links,
    );
    expect(sidebarLinksHtml(fromSetup?.links ?? [])).not.toContain('aria-current');
    expect(sidebarLinksHtml(fromOverview?.links ?? [])).toContain('aria-current="page"');
  });
});
