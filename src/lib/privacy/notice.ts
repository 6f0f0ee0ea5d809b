/**
 * The privacy notice's texts with their facts filled in: the controller's name (core/site.ts), its
 * domicilio and data-protection e-mail (content/contact.yaml), the retention limits and ARCO deadlines
 * (core/privacy.ts), and the purposes joined as Spanish lists. Pure, so the full notice (Astro) and the
 * short notice inside every form (React) say the same thing; unit tested.
 */
import type { ContactDetails } from '../../../core/contact.ts';
import type { NoticePlaceholder, PrivacyNotice } from '../../../core/content/privacy.ts';
import { ARCO_DEADLINE_DAYS, type RetentionPolicy } from '../../../core/privacy.ts';
import { ROUTES } from '../../../core/routes.ts';
import { SITE } from '../../../core/site.ts';
import { fillTemplate } from '../../../core/text-template.ts';

/** A piece of a paragraph: plain text, or a link (the data-protection e-mail). */
export type TextPart = { text: string } | { text: string; href: string };

export interface NoticeFacts {
  values: Record<NoticePlaceholder, string>;
  /** Placeholders that render as links, with their target. */
  links: Partial<Record<NoticePlaceholder, string>>;
}

export function noticeFacts(contact: ContactDetails, retention: RetentionPolicy): NoticeFacts {
  return {
    values: {
      responsable: SITE.legalName,
      domicilio: contact.address,
      correoDatos: contact.dataProtectionEmail,
      mesesLeads: String(retention.leadMonths),
      diasCorreos: String(retention.mailBodyDays),
      diasRespuesta: String(ARCO_DEADLINE_DAYS.answer),
      diasEfectiva: String(ARCO_DEADLINE_DAYS.effect),
    },
    links: { correoDatos: contact.dataProtectionMailto },
  };
}

function isPlaceholder(name: string, facts: NoticeFacts): name is NoticePlaceholder {
  return Object.hasOwn(facts.values, name);
}

/**
 * A paragraph as parts: text with its placeholders filled, each linked placeholder a part of its own. The
 * schema already refused unknown placeholders; one reaching here (a caller's mistake) throws.
 */
export function textParts(template: string, facts: NoticeFacts): TextPart[] {
  const parts: TextPart[] = [];
  let text = '';
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] ?? '';
    if (!isPlaceholder(name, facts)) throw new Error(`El texto "${template}" usa {${name}}, que no tiene valor`);
    text += template.slice(last, match.index);
    last = match.index + match[0].length;
    const href = facts.links[name];
    if (href === undefined) {
      text += facts.values[name];
      continue;
    }
    if (text) parts.push({ text });
    text = '';
    parts.push({ text: facts.values[name], href });
  }
  text += template.slice(last);
  if (text) parts.push({ text });
  return parts;
}

/** "a, b y c" in Mexican Spanish; "a, b, and c" in `en`. */
export function joinList(items: readonly string[], locale: string = SITE.locale): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/** One refusal box of a form: the voluntary purpose's id and the box's label. */
export interface RefusalOption {
  id: string;
  label: string;
}

/** What the short notice inside every form says: plain strings, so the island renders them as they are. */
export interface ShortNotice {
  text: string;
  /** The sentence before the refusal boxes; only when there are voluntary purposes. */
  voluntary?: string;
  refusals: RefusalOption[];
  link: { label: string; href: string };
  /** What a screen reader hears after the link, which opens in a new tab, in the notice's language. */
  newTab?: string;
}

/**
 * `domicilio`: the company's address as one line (the law asks the short notice to name it). `locale`: the
 * language `notice`'s texts are in, for the lists' "and"; `privacyHref`: the notice it links to.
 */
export function shortNotice(
  notice: PrivacyNotice,
  domicilio: string,
  locale: string = SITE.locale,
  privacyHref: string = ROUTES.privacy,
): ShortNotice {
  const { necessary, voluntary } = notice.purposes;
  const result: ShortNotice = {
    text: fillTemplate(notice.shortNotice.text, {
      responsable: SITE.legalName,
      domicilio,
      finalidades: joinList(
        necessary.map((purpose) => purpose.short),
        locale,
      ),
    }),
    refusals: voluntary.map((purpose) => ({ id: purpose.id, label: purpose.refusal })),
    link: { label: notice.shortNotice.link, href: privacyHref },
  };
  if (voluntary.length > 0) {
    result.voluntary = fillTemplate(notice.shortNotice.voluntary, {
      voluntarias: joinList(
        voluntary.map((purpose) => purpose.short),
        locale,
      ),
    });
  }
  return result;
}
