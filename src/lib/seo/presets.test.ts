import { describe, expect, it } from 'vitest';
import { seoPreset, type SeoPreset } from './presets.ts';
import { absoluteUrl, resolveSeo } from './resolve.ts';

const image = { src: '/_astro/og.png', width: 1200, height: 630, alt: 'Angram' };
const site = 'https://www.angram.mx';

const contactCopy = {
  title: 'Contacto: cotiza tu proyecto de software',
  description: 'Cuéntanos tu proyecto y agenda una reunión con nuestro equipo. Respondemos en menos de 2 horas.',
  keywords: ['contacto', 'cotización de software'],
};

describe('seoPreset', () => {
  it('joins the texts of a content file to the page path', () => {
    expect(seoPreset(contactCopy, '/contacto', { file: 'content/pages/contacto.yaml' })).toEqual({
      path: '/contacto',
      ...contactCopy,
      ogTitle: undefined,
    });
  });

  it('marks the error page as not indexable', () => {
    expect(seoPreset(contactCopy, null, { file: 'content/pages/404.yaml', noindex: true }).noindex).toBe(true);
  });

  it('fails naming the file and the field when a filled placeholder pushes a text out of bounds', () => {
    const long = { ...contactCopy, description: `${'Siete casos reales. '.repeat(8)}Fin.` };
    expect(() => seoPreset(long, '/portfolio', { file: 'content/pages/portfolio.yaml' })).toThrow(
      /content\/pages\/portfolio\.yaml[\s\S]*seo\.description: mide 164 caracteres; se esperan entre 50 y 160/,
    );
    const short = { ...contactCopy, description: 'Muy corta.' };
    expect(() => seoPreset(short, '/x', { file: 'content/services/ecommerce.yaml', field: 'page.seo' })).toThrow(
      /page\.seo\.description: mide 10/,
    );
    const title = { ...contactCopy, title: 'T'.repeat(62) };
    expect(() => seoPreset(title, '/x', { file: 'content/pages/faq.yaml' })).toThrow(
      /seo\.title: mide 62 caracteres; máximo 61/,
    );
  });
});

const contact: SeoPreset = { path: '/contacto', ...contactCopy };
const portfolio: SeoPreset = {
  path: '/portfolio',
  title: 'Portfolio: casos de éxito en fintech, e-commerce y más',
  description: 'Seis casos reales: fintech, educación, e-commerce, salud, logística e inmobiliario.',
  keywords: ['portfolio', 'casos de éxito'],
};
const notFound: SeoPreset = {
  path: null,
  title: 'Página No Encontrada',
  description: 'La página que buscas no existe o cambió de dirección. Vuelve al inicio.',
  keywords: ['404'],
  noindex: true,
};

describe('resolveSeo', () => {
  it('builds canonical, Open Graph and Twitter values from a preset', () => {
    const seo = resolveSeo({ preset: contact }, site, '/contacto', image);
    expect(seo.title).toBe('Contacto: cotiza tu proyecto de software | Angram');
    expect(seo.canonical).toBe('https://www.angram.mx/contacto');
    expect(seo.ogUrl).toBe(seo.canonical);
    expect(seo.ogLocale).toBe('es_MX');
    expect(seo.ogImage.url).toBe('https://www.angram.mx/_astro/og.png');
    expect(seo.twitterCard).toBe('summary_large_image');
    expect(seo.robots).toContain('index');
    expect(seo.keywords).toBe('contacto, cotización de software');
  });

  it('lets a page extend its preset with its own title, description, image and path', () => {
    const seo = resolveSeo(
      {
        preset: portfolio,
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
    const seo = resolveSeo({ preset: notFound }, site, '/404.html', image);
    expect(seo.canonical).toBe('https://www.angram.mx/404');
    expect(seo.ogUrl).toBe(seo.canonical);
    expect(seo.robots).toMatch(/^noindex/);
    expect(seo.title).toBe('Página No Encontrada | Angram');
    expect(seo.description).toBe(notFound.description);
    expect(seo.ogDescription).toBe(notFound.description);
    expect(seo.keywords).toBe('404');
    expect(seo.ogImage.url).toMatch(/^https:\/\/www\.angram\.mx\//);
  });

  it('uses the preset social title when the page sets none', () => {
    const home: SeoPreset = { ...contact, path: '/', ogTitle: 'Angram · Desarrollo Sin Límites' };
    expect(resolveSeo({ preset: home }, site, '/', image).ogTitle).toBe('Angram · Desarrollo Sin Límites');
  });
});

describe('absoluteUrl', () => {
  it('makes a clean address: no trailing slash, no .html, no /index.html', () => {
    expect(absoluteUrl('/contacto/', site)).toBe('https://www.angram.mx/contacto');
    expect(absoluteUrl('/404.html', site)).toBe('https://www.angram.mx/404');
    expect(absoluteUrl('/portfolio/404.html', site)).toBe('https://www.angram.mx/portfolio/404');
    expect(absoluteUrl('/index.html', site)).toBe('https://www.angram.mx/');
    expect(absoluteUrl('/', site)).toBe('https://www.angram.mx/');
  });
});
