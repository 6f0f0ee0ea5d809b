import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../core/routes.ts';
import { PAGE_IDS, pageSchema, type Page } from '../../schemas/pages.ts';
import { changed, folderEntry } from '../../schemas/test-support.ts';
import { crumbFor, crumbName, pagePath, pageTrail, SERVICES_SECTION, type TrailContext } from './trail.ts';

const pages: Page[] = PAGE_IDS.map((id) => pageSchema.parse(folderEntry('pages', id)));
const page = (id: Page['id']) => pages.find((candidate) => candidate.id === id) as Page;
const context: TrailContext = {
  pages,
  services: [
    { path: ROUTES.cloudNative, name: 'Cloud Native' },
    { path: ROUTES.webApps, name: 'Aplicaciones Web' },
  ],
};
const names = (crumbs: ReadonlyArray<{ name: string; path: string }>) =>
  crumbs.map((crumb) => `${crumb.name} ${crumb.path}`);

describe('pagePath', () => {
  it('is the file name, so every page file is one of the routes of the site', () => {
    const routes: readonly string[] = Object.values(ROUTES);
    for (const id of PAGE_IDS) {
      const path = pagePath(id);
      if (id === '404') expect(path).toBeNull();
      else expect(routes, id).toContain(path);
    }
    expect(pagePath('home')).toBe('/');
    expect(pagePath('consultoria-tecnologica')).toBe(ROUTES.techConsulting);
  });
});

describe('breadcrumb trails from content', () => {
  it('names a page by its hero eyebrow unless its file names it', () => {
    expect(crumbName(page('proceso-desarrollo'))).toBe('Proceso de desarrollo');
    expect(crumbName(page('iniciar-proyecto'))).toBe('Iniciar proyecto');
    expect(() => crumbName(changed(page('faq'), 'hero.eyebrow', undefined))).toThrow(
      /content\/pages\/faq\.yaml: falta breadcrumb\.name/,
    );
  });

  it('puts a top-level page right after Inicio, and no trail on the home and error pages', () => {
    expect(names(pageTrail(page('tecnologias'), context))).toEqual(['Tecnologías /tecnologias']);
    expect(pageTrail(page('home'), context)).toEqual([]);
    expect(pageTrail(page('404'), context)).toEqual([]);
  });

  it('takes the parent from the back link, or from breadcrumb.parent', () => {
    expect(names(pageTrail(page('consultoria-tecnologica'), context))).toEqual([
      'Tecnologías /tecnologias',
      'Consultoría tecnológica /consultoria-tecnologica',
    ]);
    expect(names(pageTrail(page('migracion-cloud'), context))).toEqual([
      'Cloud Native /servicios/cloud-native',
      'Migración a la nube /migracion-cloud',
    ]);
    expect(names(pageTrail(page('cms-a-codigo'), context))).toEqual([
      'Servicios /#servicios',
      'CMS a Código /cms-a-codigo',
    ]);
  });

  it('names a home section by its eyebrow, a service page by its card title', () => {
    expect(crumbFor(SERVICES_SECTION, context, 'x')).toEqual({ name: 'Servicios', path: '/#servicios' });
    expect(crumbFor(ROUTES.webApps, context, 'x')).toEqual({ name: 'Aplicaciones Web', path: ROUTES.webApps });
  });

  it('fails naming the file when the parent is no page of the site', () => {
    const lost = changed(page('cms-a-codigo'), 'breadcrumb.parent', '/blog');
    expect(() => pageTrail(lost, context)).toThrow(
      'content/pages/cms-a-codigo.yaml: la ruta de navegación apunta a /blog',
    );
    expect(() => crumbFor('/#no-existe', context, 'content/pages/faq.yaml')).toThrow(/content\/pages\/faq\.yaml/);
  });
});
