/**
 * schema.org builders. Each returns a plain object; the layout joins them in one JSON-LD `@graph`.
 * Types the site uses: Organization (home), Service (service and consulting pages), FAQPage (/faq),
 * BreadcrumbList (every inner page), CreativeWork (each portfolio case) and WebPage (the privacy notice,
 * with the date of its last change).
 */
import { SITE } from '../../../core/site.ts';
import type { ContactDetails } from '../../../core/contact.ts';
import { absoluteUrl } from './resolve.ts';

export type JsonLd = Record<string, unknown> & { '@type': string };

export interface Crumb {
  name: string;
  path: string;
}

export function organization(site: string | URL, contact: ContactDetails, logoPath: string): JsonLd {
  return {
    '@type': 'Organization',
    '@id': absoluteUrl('/#organizacion', site),
    name: SITE.name,
    legalName: SITE.legalName,
    url: absoluteUrl('/', site),
    logo: new URL(logoPath, site).href,
    email: contact.email,
    telephone: contact.phone,
    foundingDate: String(SITE.foundingYear),
    address: {
      '@type': 'PostalAddress',
      addressLocality: SITE.city,
      addressRegion: SITE.region,
      addressCountry: SITE.country,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      email: contact.email,
      telephone: contact.phone,
      availableLanguage: ['es', 'en'],
      hoursAvailable: contact.openingHours,
    },
  };
}

export function service(
  site: string | URL,
  input: { name: string; description: string; path: string; serviceType?: string },
): JsonLd {
  return {
    '@type': 'Service',
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path, site),
    serviceType: input.serviceType ?? input.name,
    areaServed: { '@type': 'Country', name: 'México' },
    provider: { '@type': 'Organization', '@id': absoluteUrl('/#organizacion', site), name: SITE.name },
  };
}

export function faqPage(questions: ReadonlyArray<{ question: string; answer: string }>): JsonLd {
  return {
    '@type': 'FAQPage',
    mainEntity: questions.map((q) => ({
      '@type': 'Question',
      name: q.question,
      acceptedAnswer: { '@type': 'Answer', text: q.answer },
    })),
  };
}

/** A page whose date of change matters to its readers (the privacy notice). `dateModified` is `YYYY-MM-DD`. */
export function webPage(
  site: string | URL,
  input: { name: string; description: string; path: string; dateModified: string; inLanguage?: string },
): JsonLd {
  return {
    '@type': 'WebPage',
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path, site),
    inLanguage: input.inLanguage ?? SITE.locale,
    dateModified: input.dateModified,
    publisher: { '@type': 'Organization', '@id': absoluteUrl('/#organizacion', site), name: SITE.legalName },
  };
}

/** Home is always the first crumb (in the page's language); the last one is the current page. */
export function breadcrumbList(
  site: string | URL,
  crumbs: readonly Crumb[],
  home: Crumb = { name: 'Inicio', path: '/' },
): JsonLd {
  const all: Crumb[] = [home, ...crumbs];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: all.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, site),
    })),
  };
}

export function creativeWork(
  site: string | URL,
  input: {
    name: string;
    description: string;
    path: string;
    image: string;
    year: number;
    genre: string;
    keywords: readonly string[];
    client: string;
    /** The language the case is written in (`en`); the site's own by default. */
    inLanguage?: string;
  },
): JsonLd {
  return {
    '@type': 'CreativeWork',
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path, site),
    image: new URL(input.image, site).href,
    dateCreated: String(input.year),
    genre: input.genre,
    keywords: input.keywords.join(', '),
    inLanguage: input.inLanguage ?? SITE.locale,
    creator: { '@type': 'Organization', '@id': absoluteUrl('/#organizacion', site), name: SITE.name },
    sourceOrganization: { '@type': 'Organization', name: input.client },
  };
}

/** One JSON-LD document for the page. */
export function graph(nodes: readonly JsonLd[]): string {
  const doc = { '@context': 'https://schema.org', '@graph': nodes };
  // `<` is escaped so no string inside can close the script element.
  return JSON.stringify(doc).replace(/</g, '\\u003c');
}
