/** The lead settings of the content alone, with the product's defaults (no environment). */
import { contactDetails } from '../../core/contact.ts';
import { loadContentFacts, type ContentFacts } from '../../core/content/load.ts';
import { SITE } from '../../core/site.ts';
import type { LeadSettings } from './view.ts';

/** Who a lead belongs to until someone in the inbox takes it (`asignado_a`). */
export const DEFAULT_ASSIGNEE = 'Equipo de Ventas';

export function defaultLeadSettings(facts: ContentFacts = loadContentFacts()): LeadSettings {
  return {
    brandName: SITE.name,
    siteUrl: SITE.defaultUrl,
    contact: contactDetails(facts.contact),
    assignee: DEFAULT_ASSIGNEE,
    lists: facts.lists,
    offers: facts.offers,
    consultants: facts.consultants,
    meetingCopy: facts.emails.meeting,
  };
}
