import { describe, expect, it } from 'vitest';
import { contentPageModule } from './content-chunks.ts';

describe('contentPageModule', () => {
  const pages = contentPageModule('/site/content');

  it('takes the pages of the project’s collections, with the queries Astro adds to them', () => {
    for (const id of [
      '/site/content/wiki/setup.mdx',
      '/site/content/wiki/setup.mdx?astroPropagatedAssets',
      '/site/content/en/portfolio/tienda.md',
    ])
      expect(pages.test(id), id).toBe(true);
    expect(contentPageModule('C:\\site\\content\\').test('C:/site/content/portfolio/tienda.md')).toBe(true);
  });

  it('leaves out components, data files, other folders named content and queries that end in .md', () => {
    for (const id of [
      '/site/src/components/wiki/WikiCallout.astro',
      '/site/content/contact.yaml',
      '/site/content/wiki/setup.mdx.ts',
      '/site/node_modules/paquete/content/README.md',
      '/otro/content/wiki/setup.mdx',
      '/site/src/pages/index.astro?raw=/site/content/a.md',
      '/site/content/../src/x.astro?name=.md',
    ])
      expect(pages.test(id), id).toBe(false);
  });
});
