import { describe, expect, it } from 'vitest';
import { wikiRoutes, type WikiPageMeta } from '../../lib/wiki/navigation.ts';
import { sidebarLinksHtml } from './sidebar-links.ts';

const pages: WikiPageMeta[] = [
  { slug: 'overview', title: 'Página uno', group: 'overview', order: 1 },
  { slug: 'architecture', title: 'Arquitectura "Astro" & <islas> d\'React', group: 'overview', order: 2 },
  { slug: 'setup', title: 'Instalación', group: 'installation', order: 1 },
];

describe('sidebarLinksHtml', () => {
  it('writes each link with nothing but its address and title, escaped, and the current page marked', () => {
    const [overview] = wikiRoutes(pages).sidebar('overview');
    expect(sidebarLinksHtml(overview?.links ?? [], overview?.currentSlug)).toBe(
      '<li><a href="/wikiangram/overview" aria-current="page">Página uno</a></li>' +
        '<li><a href="/wikiangram/architecture">Arquitectura &quot;Astro&quot; &amp; &lt;islas&gt; d&#39;React</a></li>',
    );
  });

  it('shares each group between pages and marks only the link of the page being shown', () => {
    const routes = wikiRoutes(pages);
    const overviewOn = (slug: string) => routes.sidebar(slug).find((group) => group.id === 'overview');
    expect(overviewOn('setup')?.links).toBe(overviewOn('overview')?.links);
    expect(overviewOn('setup')?.currentSlug).toBeUndefined();
    const html = (slug: string) => sidebarLinksHtml(overviewOn(slug)?.links ?? [], overviewOn(slug)?.currentSlug);
    expect(html('setup')).not.toContain('aria-current');
    for (const slug of ['overview', 'architecture']) {
      expect(html(slug).split('aria-current="page"')).toHaveLength(2);
      expect(html(slug)).toContain(`<a href="/wikiangram/${slug}" aria-current="page">`);
      expect(html(slug).replace(' aria-current="page"', '')).toBe(html('setup'));
    }
  });

  it('writes a group that holds no such page unmarked', () => {
    const [overview] = wikiRoutes(pages).sidebar('overview');
    expect(sidebarLinksHtml(overview?.links ?? [], 'no-existe')).not.toContain('aria-current');
  });
});
