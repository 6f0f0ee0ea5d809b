import { describe, expect, it } from 'vitest';
import { SEO_PRESETS, type SeoPresetKey } from './presets.ts';
import { absoluteUrl, brandTitle, resolveSeo } from './resolve.ts';

const REQUIRED_KEYS: SeoPresetKey[] = [
  'home', 'contact', 'startProject', 'techConsulting', 'infrastructureAudit', 'cloudMigration',
  'integrationsConsulting', 'cms', 'technologies', 'integrations', 'process', 'portfolio', 'faq',
  'webApps', 'mobileApps', 'ecommerce', 'cloudNative', 'notFound',
];
/** Beyond the specification: the wiki's pages extend this preset with their own frontmatter. */
const EXTRA_KEYS: SeoPresetKey[] = ['wiki'];
const entries = Object.entries(SEO_PRESETS) as Array<[SeoPresetKey, (typeof SEO_PRESETS)[SeoPresetKey]]>;
const image = { src: '/_astro/og.png', width: 1200, height: 630, alt: 'Angram' };

describe('SEO presets', () => {
  it('has the 18 presets of the specification plus the wiki one, and nothing else', () => {
    expect(REQUIRED_KEYS).toHaveLength(18);
    expect(Object.keys(SEO_PRESETS).sort()).toEqual([...REQUIRED_KEYS, ...EXTRA_KEYS].sort());
  });

  it('points the wiki preset at the wiki home and lets a page bring its own title and path', () => {
    expect(SEO_PRESETS.wiki.path).toBe('/wikiangram/overview');
    const seo = resolveSeo(
      { preset: 'wiki', title: 'Instalación paso a paso | Wiki Angram', description: 'Siete pasos para tener el sitio y la API corriendo en tu equipo, con la lista de verificación.', path: '/wikiangram/setup' },
      'https://www.angram.mx',
      '/wikiangram/setup',
      image,
    );
    expect(seo.title).toBe('Instalación paso a paso | Wiki Angram');
    expect(seo.canonical).toBe('https://www.angram.mx/wikiangram/setup');
    expect(seo.robots).toContain('index');
  });

  it.each(entries)('%s is complete', (_key, preset) => {
    expect(preset.title.trim().length).toBeGreaterThan(10);
    expect(preset.description.length).toBeGreaterThanOrEqual(50);
    expect(preset.description.length).toBeLessThanOrEqual(160);
    expect(preset.keywords.length).toBeGreaterThanOrEqual(2);
    for (const keyword of preset.keywords) expect(keyword.trim()).toBe(keyword);
  });

  it('has unique titles, descriptions and paths', () => {
    const titles = entries.map(([, p]) => brandTitle(p.title));
    const descriptions = entries.map(([, p]) => p.description);
    const paths = entries.map(([, p]) => p.path).filter((p) => p !== null);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps full titles short enough for search results', () => {
    for (const [, preset] of entries) expect(brandTitle(preset.title).length).toBeLessThanOrEqual(70);
  });
});

describe('resolveSeo', () => {
  const site = 'https://www.angram.mx';

  it('builds canonical, Open Graph and Twitter values from a preset', () => {
    const seo = resolveSeo({ preset: 'contact' }, site, '/contacto', image);
    expect(seo.title).toBe('Contacto: cotiza tu proyecto de software | Angram');
    expect(seo.canonical).toBe('https://www.angram.mx/contacto');
    expect(seo.ogUrl).toBe(seo.canonical);
    expect(seo.ogLocale).toBe('es_MX');
    expect(seo.ogImage.url).toBe('https://www.angram.mx/_astro/og.png');
    expect(seo.twitterCard).toBe('summary_large_image');
    expect(seo.robots).toContain('index');
  });

  it('lets a page extend its preset with its own title, description, image and path', () => {
    const seo = resolveSeo(
      {
        preset: 'portfolio',
        title: 'Fintech Revolution',
        description: 'Plataforma de pagos que procesa más de 50 millones de pesos al mes.',
        path: '/portfolio/fintech-revolution',
        image: { src: '/_astro/fintech.jpg', width: 1200, height: 630, alt: 'Fintech' },
        ogType: 'article',
      },
      site,
      '/portfolio/fintech-revolution',
      image,
    );
    expect(seo.title).toBe('Fintech Revolution | Angram');
    expect(seo.ogTitle).toBe(seo.title);
    expect(seo.canonical).toBe('https://www.angram.mx/portfolio/fintech-revolution');
    expect(seo.ogImage.url).toBe('https://www.angram.mx/_astro/fintech.jpg');
    expect(seo.keywords).toContain('portfolio');
    expect(seo.ogType).toBe('article');
  });

  it('gives the 404 page its whole preset: its own canonical and Open Graph URL, a noindex robots tag', () => {
    // Built as a file, the 404 renders at /404.html; its address has no extension.
    const seo = resolveSeo({ preset: 'notFound' }, site, '/404.html', image);
    const preset = SEO_PRESETS.notFound;
    expect(seo.canonical).toBe('https://www.angram.mx/404');
    expect(seo.ogUrl).toBe(seo.canonical);
    expect(seo.robots).toMatch(/^noindex/);
    expect(seo.title).toBe('Página No Encontrada | Angram');
    expect(seo.description).toBe(preset.description);
    expect(seo.ogDescription).toBe(preset.description);
    expect(seo.keywords).toBe(preset.keywords.join(', '));
    expect(seo.ogImage.url).toMatch(/^https:\/\/www\.angram\.mx\//);
  });

  it('keeps a preset social description apart from the document one', () => {
    const preset = { ...SEO_PRESETS.faq, ogDescription: 'Texto para redes sociales.' };
    const seo = resolveSeo({ preset: 'faq' }, site, '/faq', image, { ...SEO_PRESETS, faq: preset });
    expect(seo.ogDescription).toBe('Texto para redes sociales.');
    expect(seo.description).toBe(SEO_PRESETS.faq.description);
  });

  it('uses the preset social title on the home page', () => {
    expect(resolveSeo({ preset: 'home' }, site, '/', image).ogTitle).toBe('Angram · Desarrollo Sin Límites');
  });
});

describe('absoluteUrl', () => {
  it('makes a clean address: no trailing slash, no .html, no /index.html', () => {
    expect(absoluteUrl('/contacto/', 'https://www.angram.mx')).toBe('https://www.angram.mx/contacto');
    expect(absoluteUrl('/404.html', 'https://www.angram.mx')).toBe('https://www.angram.mx/404');
    expect(absoluteUrl('/portfolio/404.html', 'https://www.angram.mx')).toBe('https://www.angram.mx/portfolio/404');
    expect(absoluteUrl('/index.html', 'https://www.angram.mx')).toBe('https://www.angram.mx/');
    expect(absoluteUrl('/', 'https://www.angram.mx')).toBe('https://www.angram.mx/');
  });
});
