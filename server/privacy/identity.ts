/**
 * Who a person is, as the data names them: their e-mail (case-insensitive), their phone (its 10 national
 * digits, however it was typed) and their name (as written, accents and case aside). Used to find their
 * rows and to find and redact the places where someone else's text quotes them. Pure functions.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';

/** What replaces a quote of an erased person inside someone's text. */
export const REDACTED = '[dato eliminado]';

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= 254 && z.email().safeParse(email).success;
}

/** The 10 national digits of a Mexican phone however it was typed (`+52 (81) 8765-4321`), or undefined. */
export function phoneDigits(value: string | null | undefined): string | undefined {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : undefined;
}

/** `l***@f***.mx`: enough to tell two requests apart in the register, not enough to write to. */
export function maskEmail(value: string): string {
  const email = normalizeEmail(value);
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${email[0] ?? ''}***@${host[0] ?? ''}***${tld}`;
}

/** A keyed hash of an e-mail: links a person's requests and objections without keeping the address. */
export function emailHash(value: string, key: string): string {
  return createHmac('sha256', key)
    .update(`email:${normalizeEmail(value)}`)
    .digest('hex');
}

const VARIANTS: Readonly<Record<string, string>> = {
  a: 'aáàäâã',
  e: 'eéèëê',
  i: 'iíìïî',
  o: 'oóòöôõ',
  u: 'uúùüû',
  n: 'nñ',
  c: 'cç',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The base letter of an accented one (`á` → `a`). */
const fold = (letter: string) => letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A name as a pattern that matches it written with or without accents, in any case, with any spacing.
 * Names too short to be told from ordinary words (one word under 5 letters) give none.
 */
export function namePattern(name: string): RegExp | undefined {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || (words.length === 1 && Array.from(words[0] ?? '').length < 5)) return undefined;
  const source = words
    .map((word) =>
      Array.from(word)
        .map((letter) => {
          const variants = VARIANTS[fold(letter)];
          return variants ? `[${variants}]` : escapeRegExp(letter);
        })
        .join(''),
    )
    .join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`, 'giu');
}

export function emailPattern(email: string): RegExp {
  return new RegExp(`(?<![\\w.+-])${escapeRegExp(normalizeEmail(email))}(?![\\w-])`, 'gi');
}

/** The 10 digits with any separators between them and an optional +52 in front. */
export function phonePattern(digits: string): RegExp {
  const body = Array.from(digits).join('[\\s().-]*');
  return new RegExp(`(?<!\\d)(?:\\+?\\s*52[\\s().-]*)?${body}(?!\\d)`, 'g');
}

/** Everything that names a person, ready to look for in text. */
export interface Identifiers {
  emails: ReadonlySet<string>;
  phones: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

export function patternsOf(identifiers: Identifiers): RegExp[] {
  return [
    ...[...identifiers.emails].map(emailPattern),
    ...[...identifiers.phones].map(phonePattern),
    ...[...identifiers.names].flatMap((name) => namePattern(name) ?? []),
  ];
}

export function quotes(text: string | null | undefined, patterns: readonly RegExp[]): boolean {
  if (!text) return false;
  return patterns.some((pattern) => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  });
}

/** The text with every quote of the person replaced by `REDACTED`. */
export function redact(text: string, patterns: readonly RegExp[]): string {
  return patterns.reduce((current, pattern) => current.replace(pattern, REDACTED), text);
}
