import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIKI_GROUPS } from './groups.ts';
import {
  buildSidebar,
  prevNext,
  sortWikiPages,
  specProblems,
  tableOfContents,
  type WikiPageMeta,
} from './navigation.ts';

/** Every page the wiki must hold, in its group, numbered in the agreed order. */
const specPages: WikiPageMeta[] = WIKI_GROUPS.flatMap((group) =>
  group.specPages.map((slug, index) => ({ slug, title: `Título ${slug}`, group: group.id, order: index + 1 })),
);

describe('groups', () => {
  it('lists the 8 required groups with their pages, each slug once and each a page of content/wiki', () => {
    expect(WIKI_GROUPS.map((group) => group.label)).toEqual([
      'Visión general',
      'Instalación',
      'Páginas',
      'Componentes',
      'Funcionalidad',
      'Sistema de diseño',
      'Mantenimiento',
      'Backend',
    ]);
    const slugs = WIKI_GROUPS.flatMap((group) => group.specPages);
    expect(new Set(slugs).size).toBe(slugs.length);
    const written = readdirSync('content/wiki')
      .filter((name) => name.endsWith('.mdx'))
      .map((name) => name.replace(/\.mdx$/, ''));
    expect(slugs.filter((slug) => !written.includes(slug))).toEqual([]);
    expect(WIKI_GROUPS.find((group) => group.id === 'backend')?.specPages).toEqual(['backend', 'backend-integration']);
  });
});

describe('sortWikiPages', () => {
  it('orders by group, then order, then title', () => {
    const pages: WikiPageMeta[] = [
      { slug: 'b', title: 'B', group: 'backend', order: 1 },
      { slug: 'z', title: 'Zeta', group: 'overview', order: 2 },
      { slug: 'a', title: 'Alfa', group: 'overview', order: 2 },
      { slug: 'o', title: 'O', group: 'overview', order: 1 },
    ];
    expect(sortWikiPages(pages).map((page) => page.slug)).toEqual(['o', 'a', 'z', 'b']);
  });
});

describe('buildSidebar', () => {
  it('opens the overview group and the current page’s group, marks the current link, closes the rest', () => {
    const groups = buildSidebar(specPages, 'email-template');
    const open = groups.filter((group) => group.open).map((group) => group.id);
    expect(open).toEqual(['overview', 'functionality']);
    const current = groups.filter((group) => group.current).map((group) => group.id);
    expect(current).toEqual(['functionality']);
    expect(groups.map((group) => group.currentSlug).filter(Boolean)).toEqual(['email-template']);
    expect(groups.find((group) => group.id === 'functionality')?.links.map((link) => link.slug)).toEqual([
      'animations',
      'seo',
      'responsive',
      'performance',
      'email-template',
    ]);
  });

  it('on an overview page only the overview group is open, and it is the current one', () => {
    const groups = buildSidebar(specPages, 'architecture');
    expect(groups.filter((group) => group.open).map((group) => group.id)).toEqual(['overview']);
    expect(groups.find((group) => group.id === 'overview')?.current).toBe(true);
  });

  it('leaves out groups without pages', () => {
    const groups = buildSidebar(
      specPages.filter((page) => page.group !== 'backend'),
      'overview',
    );
    expect(groups.map((group) => group.id)).not.toContain('backend');
  });
});

describe('prevNext', () => {
  it('links across groups in reading order', () => {
    const { prev, next } = prevNext(specPages, 'design-philosophy');
    expect(prev?.slug).toBe('tech-stack');
    expect(next?.slug).toBe('requirements');
  });

  it('has no previous page on the first page and no next page on the last', () => {
    expect(prevNext(specPages, 'overview').prev).toBeUndefined();
    expect(prevNext(specPages, 'backend-integration').next).toBeUndefined();
    expect(prevNext(specPages, 'no-existe')).toEqual({});
  });
});

describe('tableOfContents', () => {
  it('nests h3 under the previous h2 and ignores other levels', () => {
    const toc = tableOfContents([
      { depth: 3, slug: 'antes', text: 'Antes de todo' },
      { depth: 2, slug: 'uno', text: ' Uno ' },
      { depth: 3, slug: 'uno-a', text: 'Uno A' },
      { depth: 4, slug: 'detalle', text: 'Detalle' },
      { depth: 2, slug: 'dos', text: 'Dos' },
      { depth: 1, slug: 'titulo', text: 'Título' },
    ]);
    expect(toc).toEqual([
      { slug: 'antes', text: 'Antes de todo', children: [] },
      { slug: 'uno', text: 'Uno', children: [{ slug: 'uno-a', text: 'Uno A' }] },
      { slug: 'dos', text: 'Dos', children: [] },
    ]);
  });
});

describe('specProblems', () => {
  it('accepts the required pages plus extra ones', () => {
    expect(
      specProblems([...specPages, { slug: 'content-guide', title: 'Guía', group: 'maintenance', order: 9 }]),
    ).toEqual([]);
  });

  it('names a missing page, a page in the wrong group and a repeated order', () => {
    const pages = specPages
      .filter((page) => page.slug !== 'seo')
      .map((page) => (page.slug === 'colors' ? { ...page, group: 'overview' as const, order: 10 } : page))
      .map((page) => (page.slug === 'spacing' ? { ...page, order: 1 } : page));
    expect(specProblems(pages)).toEqual([
      'Falta la página content/wiki/seo.mdx (grupo "functionality").',
      'content/wiki/colors.mdx: group debe ser "design-system", no "overview".',
      'content/wiki/spacing.mdx y content/wiki/liquid-glass.mdx tienen el mismo order (1) en el grupo "design-system".',
    ]);
  });
});
