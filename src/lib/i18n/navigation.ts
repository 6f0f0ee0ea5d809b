/**
 * The top bar and footer links in a language: the default language's lists (src/lib/navigation.ts) with
 * each label from the catalogue and each address from the language's route table. The lists keep one
 * order and one set of destinations; only words and addresses change.
 */
import { FOOTER_COLUMNS, MAIN_NAV, NAV_CTA, PRIVACY_LINK, type FooterColumn, type NavLink } from '../navigation.ts';
import { DEFAULT_LOCALE, localizedHref } from './routes.ts';
import { t } from './strings.ts';

/** Catalogue keys of MAIN_NAV, in its order. */
const MAIN_KEYS = ['portfolio', 'services', 'technologies', 'integrations', 'process'] as const;
/** Catalogue keys (group.key) of FOOTER_COLUMNS: each column's title, then its links, in order. */
const FOOTER_KEYS: ReadonlyArray<{ title: string; links: readonly string[] }> = [
  { title: 'footer.services', links: ['nav.webApps', 'nav.mobileApps', 'nav.ecommerce', 'nav.cloudNative', 'nav.cms'] },
  {
    title: 'footer.technologies',
    links: [
      'footer.ourStack',
      'nav.integrations',
      'footer.developmentProcess',
      'footer.techConsulting',
      'footer.infrastructureAudit',
      'footer.cloudMigration',
    ],
  },
  {
    title: 'footer.resources',
    links: ['nav.portfolio', 'footer.faq', 'footer.integrationsConsulting', 'footer.wiki', 'nav.startProject'],
  },
];

function say(locale: string, path: string): string {
  const [group = '', key = ''] = path.split('.');
  return t(locale, group, key);
}

function localized(link: NavLink, label: string, locale: string): NavLink {
  return { label, href: localizedHref(link.href, locale) };
}

export function mainNav(locale: string): { links: readonly NavLink[]; cta: NavLink } {
  if (locale === DEFAULT_LOCALE) return { links: MAIN_NAV, cta: NAV_CTA };
  return {
    links: MAIN_NAV.map((link, index) => localized(link, t(locale, 'nav', MAIN_KEYS[index] ?? ''), locale)),
    cta: localized(NAV_CTA, t(locale, 'nav', 'startProject'), locale),
  };
}

export function footerColumns(locale: string): readonly FooterColumn[] {
  if (locale === DEFAULT_LOCALE) return FOOTER_COLUMNS;
  return FOOTER_COLUMNS.map((column, index) => {
    const keys = FOOTER_KEYS[index];
    return {
      title: keys ? say(locale, keys.title) : column.title,
      links: column.links.map((link, at) => {
        const key = keys?.links[at];
        return localized(link, key ? say(locale, key) : link.label, locale);
      }),
    };
  });
}

export function privacyLink(locale: string): NavLink {
  return locale === DEFAULT_LOCALE ? PRIVACY_LINK : localized(PRIVACY_LINK, t(locale, 'footer', 'privacy'), locale);
}
