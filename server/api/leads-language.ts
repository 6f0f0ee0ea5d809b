/**
 * The lead API in each active language: the schemas that validate a lead with that language's messages and
 * phone rule, and the words of its answers. A Spanish page's form keeps the Mexican phone rule and today's
 * answers; another language's form takes US and international numbers and is answered in its catalogue's
 * words (content/i18n), the same ones its form island shows, so the browser and the server agree.
 */
import type { ContentFacts } from '../../core/content/load.ts';
import { formCopy, formWord } from '../../core/forms/copy.ts';
import { internationalPhoneRule } from '../../core/forms/international-phone.ts';
import type { LeadKind } from '../../core/forms/kinds.ts';
import { normalizeMexicanPhone } from '../../core/forms/phone.ts';
import { kindSchemas, type FormSchema } from '../../core/forms/schemas.ts';
import { MESSAGES } from './messages.ts';

export interface LeadAnswers {
  success: string;
  validation: string;
  slotTaken: string;
}

export interface LeadLanguage {
  schemas: Readonly<Record<LeadKind, FormSchema>>;
  answers: LeadAnswers;
}

/** Every active language's schemas and answers, built once at start-up. */
export function leadLanguages(facts: Pick<ContentFacts, 'lists' | 'translations'>): ReadonlyMap<string, LeadLanguage> {
  const { translations } = facts;
  const languages = new Map<string, LeadLanguage>();
  for (const { code } of translations.active) {
    const catalogue = translations.catalogues.get(code);
    if (!catalogue) throw new Error(`Sin catálogo para el idioma ${code} (content/i18n/${code}.yaml)`);
    const copy = formCopy(catalogue, code);
    if (code === translations.defaultCode) {
      languages.set(code, {
        schemas: kindSchemas(facts.lists, { messages: copy.messages, phone: normalizeMexicanPhone }),
        answers: MESSAGES,
      });
      continue;
    }
    languages.set(code, {
      schemas: kindSchemas(facts.lists, { messages: copy.messages, phone: internationalPhoneRule(code) }),
      answers: {
        success: formWord(copy, 'success'),
        validation: `${formWord(copy, 'error')}. ${formWord(copy, 'errorHint')}`,
        slotTaken: formWord(copy, 'slotTaken'),
      },
    });
  }
  return languages;
}
