import { describe, expect, it } from 'vitest';
import { CONTENT_PAGE_MODULE } from './content-chunks.ts';

describe('CONTENT_PAGE_MODULE', () => {
  it('takes the pages of the collections, with the queries Astro adds to them', () => {
    for (const id of [
      '/site/content/wiki/setup.mdx',
      '/site/content/wiki/setup.mdx?astroPropagatedAssets',
      '/site/content/en/portfolio/tienda.md',
      'C:\\site\\content\\portfolio\\tienda.md',
    ])
      expect(CONTENT_PAGE_MODULE.test(id), id).toBe(true);
  });

  it('leaves out components, layouts and the collections’ data files', () => {
    for (const id of [
      '/site/src/components/wiki/WikiCallout.astro',
      '/site/src/layouts/WikiLayout.astro',
      '/site/content/contact.yaml',
      '/site/content/wiki/setup.mdx.ts',
      '/site/node_modules/astro/dist/content/runtime.js',
    ])
      expect(CONTENT_PAGE_MODULE.test(id), id).toBe(false);
  });
});
