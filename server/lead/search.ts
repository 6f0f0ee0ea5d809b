/**
 * Finding a lead the way a person types it. Both sides of a search are folded the same way in JavaScript
 * (accents and capitals dropped: "Álvaro", "ÁLVARO" and "alvaro" are one word, "Ñandú" is "nandu"), so
 * SQLite and PostgreSQL compare plain lowercase text and behave alike. A lead's folded text holds its name,
 * e-mail, company, the texts the visitor typed and its phone as digits (with and without the +52); it is
 * stored with the lead (`leads.search_text`). Pure functions.
 */
import { digitsOnly } from '../../core/contact.ts';
import { FORM_DEFINITIONS } from '../../core/forms/definitions.ts';
import type { LeadKind } from '../../core/forms/kinds.ts';
import { analyzeLead, type AnalysisFacts } from './analysis.ts';
import { leadForm } from './fields.ts';
import { nationalDigits } from './phone.ts';

/** Lowercase, without accents or other marks, spaces collapsed: what both sides of a search compare. */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface SearchableLead {
  kind: LeadKind;
  name: string;
  email: string;
  company?: string | undefined;
  phone?: string | undefined;
  fields: Readonly<Record<string, string | undefined>>;
}

/** Lines never match a query (a query has no line breaks), so a word is never found across two fields. */
const SEPARATOR = '\n';

export function leadSearchText(lead: SearchableLead): string {
  const typed = FORM_DEFINITIONS[leadForm(lead)].fields
    .filter((field) => field.control === 'text' || field.control === 'textarea' || field.control === 'email')
    .map((field) => lead.fields[field.name]);
  const phone = lead.phone ?? lead.fields.phone;
  const phones = phone ? [digitsOnly(phone), nationalDigits(phone)] : [];
  const parts = [lead.name, lead.email, lead.company, ...typed, ...phones]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map(foldText);
  return [...new Set(parts)].join(SEPARATOR);
}

/** The columns a lead is found and sorted by, computed with the lead. */
export interface LeadIndexColumns {
  searchText: string;
  score: number;
}

export function leadIndexColumns(lead: SearchableLead, facts: AnalysisFacts): LeadIndexColumns {
  return { searchText: leadSearchText(lead), score: analyzeLead(lead, facts).score };
}

/** At most this many words of a query are compared (each one must appear). */
export const MAX_SEARCH_WORDS = 8;
/** Fewer digits than this read as text, not as a phone (a street number, a budget). */
const MIN_PHONE_DIGITS = 6;

const REFERENCE = /^(?:cont-?)?\s*(\d{1,15})$/i;
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

export interface SearchQuery {
  /** Folded words that must all appear in the lead's text. */
  words: string[];
  /** `CONT-12` or `12`: that lead too. */
  id?: number;
}

/** What a typed search looks for: a phone as its national digits, anything else as folded words. */
export function parseSearch(text: string): SearchQuery {
  const trimmed = text.trim();
  const reference = REFERENCE.exec(trimmed);
  const id = reference ? Number(reference[1]) : NaN;
  const withId = Number.isSafeInteger(id) && id > 0 ? { id } : {};
  if (PHONE_LIKE.test(trimmed) && digitsOnly(trimmed).length >= MIN_PHONE_DIGITS) {
    return { words: [nationalDigits(trimmed)], ...withId };
  }
  const words = [...new Set(foldText(trimmed).split(' ').filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
  return { words, ...withId };
}
