/**
 * The lead API in each active language: the schemas that validate a lead with that language's messages and
 * phone rule, and the words of its answers. A Spanish page's form keeps the Mexican phone rule and today's
 * answers; another language's form takes US and international numbers and is answered in its catalogue's
 * words (content/i18n), the same ones its form island shows, so the browser and the server agree. Each
 * language's option lists (`contactFormSelects`) come from its translation of content/form-options.yaml.
 */
import { AVAILABILITY } from '../../core/availability.ts';
import type { ContentFacts } from '../../core/content/load.ts';
import { formatWallTime } from '../../core/dates.ts';
import type { Catalogue } from '../../core/i18n/catalogue.ts';
import { fillKnown } from '../../core/text-template.ts';
import { SLOT_PROBLEM_MESSAGES, type SlotProblem } from '../availability/schedule.ts';
import { formOptionsSchema } from '../../core/content/form-options.ts';
import { formCopy, formWord } from '../../core/forms/copy.ts';
import { servedLists, type ServedLists } from '../../core/forms/options.ts';
import { internationalPhoneRule } from '../../core/forms/international-phone.ts';
import type { LeadKind } from '../../core/forms/kinds.ts';
import { normalizeMexicanPhone } from '../../core/forms/phone.ts';
import { kindSchemas, type FormSchema } from '../../core/forms/schemas.ts';
import { refusal } from '../errors.ts';
import { MESSAGES } from './messages.ts';

export interface LeadAnswers {
  success: string;
  validation: string;
  slotTaken: string;
  /** Why the meeting slot a lead asks for cannot be booked. */
  slotProblems: Readonly<Record<SlotProblem, string>>;
}

/** The default language's answers: the success message and the registry's own refusals. */
function defaultAnswers(slotProblems: Readonly<Record<SlotProblem, string>>): LeadAnswers {
  return {
    success: MESSAGES.success,
    validation: refusal('validation', { errors: {} }).body.message,
    slotTaken: refusal('slotTaken').body.message,
    slotProblems,
  };
}

/** The answers of a request that names no language: the default one's, slot problems as the schedule says them. */
export const DEFAULT_ANSWERS: LeadAnswers = defaultAnswers(SLOT_PROBLEM_MESSAGES);

const SLOT_KEYS: Readonly<Record<SlotProblem, string>> = {
  invalid: 'invalid',
  weekend: 'weekend',
  'rest-day': 'restDay',
  'beyond-horizon': 'beyondHorizon',
  'outside-hours': 'outsideHours',
  past: 'past',
};

/**
 * The slot problems in a language, from its catalogue's `meetingSlots` group, with the horizon and the
 * first and last start times (Mexico City) as it writes them.
 */
export function slotProblemMessages(catalogue: Catalogue, code: string, spanish: boolean): Record<SlotProblem, string> {
  const at = (hour: number) => {
    const time = `${String(hour).padStart(2, '0')}:00`;
    // Any weekday serves to write an hour of the Mexico City clock.
    return spanish ? time : formatWallTime('2026-01-05', time, code);
  };
  const facts = {
    dias: String(AVAILABILITY.horizonDays),
    desde: at(AVAILABILITY.firstSlotHour),
    hasta: at(AVAILABILITY.lastSlotHour),
  };
  return Object.fromEntries(
    Object.entries(SLOT_KEYS).map(([problem, key]) => {
      const text = catalogue.meetingSlots?.[key];
      if (text === undefined) throw new Error(`Falta meetingSlots.${key} en content/i18n/${code}.yaml`);
      return [problem, fillKnown(text, facts)];
    }),
  ) as Record<SlotProblem, string>;
}

export interface LeadLanguage {
  schemas: Readonly<Record<LeadKind, FormSchema>>;
  answers: LeadAnswers;
  /** `contactFormSelects` in the language: its translation of content/form-options.yaml, ids unchanged. */
  selects: ServedLists;
}

/**
 * A translated language's option lists: its content/<code>/form-options.yaml (the overlay took the ids,
 * amounts and currencies from the Spanish file, so a lead stores the same id in every language).
 */
function translatedLists(facts: Pick<ContentFacts, 'lists' | 'translations'>, code: string): ServedLists {
  const file = facts.translations.content.get(code)?.get('form-options.yaml');
  const parsed = formOptionsSchema.safeParse(file);
  if (!parsed.success) throw new Error(`content/${code}/form-options.yaml: ${parsed.error.message}`);
  return servedLists(parsed.data);
}

/** Every active language's schemas and answers, built once at start-up. */
export function leadLanguages(facts: Pick<ContentFacts, 'lists' | 'translations'>): ReadonlyMap<string, LeadLanguage> {
  const { translations } = facts;
  const languages = new Map<string, LeadLanguage>();
  for (const { code } of translations.active) {
    const catalogue = translations.catalogues.get(code);
    if (!catalogue) throw new Error(`Sin catálogo para el idioma ${code} (content/i18n/${code}.yaml)`);
    const copy = formCopy(catalogue, code);
    const slotProblems = slotProblemMessages(catalogue, code, code === translations.defaultCode);
    if (code === translations.defaultCode) {
      languages.set(code, {
        schemas: kindSchemas(facts.lists, { messages: copy.messages, phone: normalizeMexicanPhone }),
        answers: defaultAnswers(slotProblems),
        selects: servedLists(facts.lists),
      });
      continue;
    }
    languages.set(code, {
      schemas: kindSchemas(facts.lists, { messages: copy.messages, phone: internationalPhoneRule(code) }),
      answers: {
        success: formWord(copy, 'success'),
        validation: `${formWord(copy, 'error')}. ${formWord(copy, 'errorHint')}`,
        slotTaken: formWord(copy, 'slotTaken'),
        slotProblems,
      },
      selects: translatedLists(facts, code),
    });
  }
  return languages;
}
