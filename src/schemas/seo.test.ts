/**
 * The SEO texts of the real content: every page family has its block where its copy is (pages, service
 * pages, the wiki), the texts are complete, and no two pages share a title or a description.
 */
import { describe, expect, it } from 'vitest';
import { brandTitle } from '../lib/seo/resolve.ts';
import { PAGE_IDS, pageSchema } from './pages.ts';
import { seoSchema, type SeoCopy } from './seo.ts';
import { hasServicePage, SERVICE_IDS, serviceSchema } from './services.ts';
import { changed, folderEntry, issues, loadYaml } from './test-support.ts';
import { wikiSiteSchema } from './wiki.ts';

const pages = PAGE_IDS.map(
  (id) => [`content/pages/${id}.yaml`, pageSchema.parse(folderEntry('pages', id)).seo] as const,
);
const services = SERVICE_IDS.filter(hasServicePage).map((id) => {
  const seo = serviceSchema.parse(folderEntry('services', id)).page?.seo;
  if (!seo) throw new Error(`content/services/${id}.yaml sin page.seo`);
  return [`content/services/${id}.yaml`, seo] as const;
});
const wiki = ['content/wiki/wiki.yaml', wikiSiteSchema.parse(loadYaml('content/wiki/wiki.yaml')).seo] as const;
const all: ReadonlyArray<readonly [string, SeoCopy]> = [...pages, ...services, wiki];

describe('SEO texts in content', () => {
  it('covers the twenty page families of the site plus the wiki, one block each', () => {
    // 15 content pages (the meeting's own page among them) and the 404, four service pages, the wiki.
    expect(pages).toHaveLength(16);
    expect(services.map(([file]) => file)).toEqual([
      'content/services/aplicaciones-web.yaml',
      'content/services/apps-moviles.yaml',
      'content/services/ecommerce.yaml',
      'content/services/cloud-native.yaml',
    ]);
    expect(all).toHaveLength(21);
  });

  it.each(all)('%s has a full title, a 50-160 character description and trimmed keywords', (_file, seo) => {
    expect(seo.title.length).toBeGreaterThan(10);
    expect(brandTitle(seo.title).length).toBeLessThanOrEqual(70);
    expect(seo.description.length).toBeGreaterThanOrEqual(50);
    expect(seo.description.length).toBeLessThanOrEqual(160);
    expect(seo.keywords.length).toBeGreaterThanOrEqual(2);
    for (const keyword of seo.keywords) expect(keyword.trim()).toBe(keyword);
  });

  it('gives every page its own title and description', () => {
    const titles = all.map(([, seo]) => seo.title);
    const descriptions = all.map(([, seo]) => seo.description);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('keeps the texts the site has always had', () => {
    const contact = pages.find(([file]) => file.endsWith('/contacto.yaml'))?.[1];
    expect(contact?.title).toBe('Contacto: cotiza tu proyecto de software');
    const home = pages.find(([file]) => file.endsWith('/home.yaml'))?.[1];
    expect(home?.ogTitle).toBe('Angram · Desarrollo Sin Límites');
    const notFound = pages.find(([file]) => file.endsWith('/404.yaml'))?.[1];
    expect(notFound?.title).toBe('Página No Encontrada');
  });
});

describe('SEO schema', () => {
  const contact = pageSchema.parse(folderEntry('pages', 'contacto')).seo;

  it('fails a too-long or too-short description, naming the field', () => {
    expect(issues(seoSchema, changed(contact, 'description', 'a'.repeat(161)))).toEqual([
      'description: Demasiado largo: se esperan entre 50 y 160 caracteres',
    ]);
    expect(issues(seoSchema, changed(contact, 'description', 'Corta.'))).toEqual([
      'description: Demasiado corto: se esperan entre 50 y 160 caracteres',
    ]);
  });

  it('fails a title that would pass 70 characters with the brand, and a page file without seo', () => {
    expect(issues(seoSchema, changed(contact, 'title', 'T'.repeat(62)))).toEqual([
      'title: Demasiado largo: se esperan entre 10 y 61 caracteres',
    ]);
    expect(issues(pageSchema, changed(folderEntry('pages', 'faq'), 'seo', undefined))).toEqual([
      'seo: Falta este bloque',
    ]);
  });

  it('names an unknown field and a keyword list that is not a list', () => {
    expect(issues(seoSchema, changed(contact, 'titulo', 'Contacto'))[0]).toMatch(
      /^titulo: Campo desconocido: los campos válidos son title, description, keywords, ogTitle/,
    );
    expect(issues(seoSchema, changed(contact, 'keywords', 'contacto, cotización'))[0]).toMatch(
      /^keywords: Se espera una lista/,
    );
  });
});
