import { describe, expect, it } from 'vitest';
import { countComponents, countPublicRoutes, lighthouseMinimum } from './stats.ts';

describe('lighthouseMinimum', () => {
  const summary = {
    measuredAt: '2026-11-20T18:00:00.000Z',
    pages: [
      { type: 'home', performance: 100, accessibility: 100, bestPractices: 100, seo: 100 },
      { type: 'wiki', performance: 97, accessibility: 100, bestPractices: 96, seo: 100 },
      { type: 'faq', performance: 99, accessibility: 94, bestPractices: 100, seo: 100 },
      { type: 'notFound', performance: 100, accessibility: 100, bestPractices: 96, seo: 58 },
    ],
  };

  it('is the lowest score across every indexable page and category (the 404 fails SEO by design)', () => {
    expect(lighthouseMinimum(summary)).toEqual({ minimum: 94, measuredAt: '2026-11-20T18:00:00.000Z', pageTypes: 3 });
  });

  it('leaves out the 404 of every language and counts the pages of the others', () => {
    const both = {
      ...summary,
      pages: [
        ...summary.pages,
        { type: 'home-en', performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
        { type: 'notFound-en', performance: 100, accessibility: 100, bestPractices: 96, seo: 61 },
      ],
    };
    expect(lighthouseMinimum(both)).toEqual({ minimum: 94, measuredAt: '2026-11-20T18:00:00.000Z', pageTypes: 4 });
  });

  it('is null when there is no summary or it has the wrong shape', () => {
    expect(lighthouseMinimum(undefined)).toBeNull();
    expect(lighthouseMinimum({ measuredAt: 'x', pages: [] })).toBeNull();
    expect(lighthouseMinimum({ measuredAt: 'x', pages: [{ type: 'home', performance: '100' }] })).toBeNull();
    expect(lighthouseMinimum({ pages: summary.pages })).toBeNull();
  });
});

describe('countComponents', () => {
  it('counts Astro components and React islands, not tests or other files', () => {
    expect(
      countComponents([
        'src/components/brand/Logo.astro',
        'src/components/wiki/StatCards.astro',
        'src/components/wiki/mdx-components.ts',
        'src/islands/navbar/Navbar.tsx',
        'src/islands/navbar/Navbar.test.tsx',
        'src/islands/forms/use-form.ts',
        'src/layouts/BaseLayout.astro',
      ]),
    ).toBe(3);
  });
});

describe('countPublicRoutes', () => {
  const files = [
    'src/pages/index.astro',
    'src/pages/faq.astro',
    'src/pages/404.astro',
    'src/pages/429.astro',
    'src/pages/portfolio/404.astro',
    'src/pages/portfolio/index.astro',
    'src/pages/portfolio/[id].astro',
    'src/pages/servicios/[id].astro',
    'src/pages/wikiangram/index.astro',
    'src/pages/wikiangram/[slug].astro',
    'src/pages/wikiangram/email-template/preview/[id].astro',
    'src/pages/reunion.astro',
    'src/pages/robots.txt.ts',
    'src/pages/helpers.test.ts',
    'src/components/Card.astro',
  ];

  it('counts each page a reader can open: static pages plus every case, service page and wiki page', () => {
    expect(countPublicRoutes(files, { cases: 6, servicePages: 4, wikiPages: 33 })).toBe(3 + 6 + 4 + 33);
  });

  it('leaves out error pages, the wiki redirect, the private meeting page, endpoints, tests and non-page files', () => {
    expect(countPublicRoutes(files, { cases: 0, servicePages: 0, wikiPages: 0 })).toBe(3);
    expect(countPublicRoutes([], { cases: 1, servicePages: 0, wikiPages: 0 })).toBe(1);
  });

  it('counts the pages of the other languages, which the catch-all route file generates', () => {
    expect(countPublicRoutes(files, { cases: 0, servicePages: 0, wikiPages: 0, translatedPages: 4 })).toBe(3 + 4);
  });
});
