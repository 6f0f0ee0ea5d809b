/**
 * What a visitor reads on a lead form, in one language, from that language's catalogue
 * (`content/i18n/<code>.yaml`, groups `forms`, `fields`, `hints` and `validation`): the page hands it to the
 * form island and the API reads the same catalogue to answer, so the browser and the server never word a
 * message differently. Pure: the catalogue is given, never read here, so the browser bundle stays small.
 */
import type { Catalogue } from '../i18n/catalogue.ts';
import { fillKnown } from '../text-template.ts';
import { LONG_TEXT_MAX, MESSAGES, TEXT_MAX, type FieldMessages, type MessageKey } from './fields.ts';
import { FIELD_LABELS, type FieldName } from './labels.ts';

/** The `forms` keys a form island shows: feedback, marks, placeholders and the per-form words. */
const FORM_KEYS = [
  'requiredMark',
  'selectPlaceholder',
  'submitting',
  'success',
  'reference',
  'meetingBooked',
  'meetingRequested',
  'timeZone',
  'error',
  'errorHint',
  'connectionError',
  'noAnswer',
  'writeUs',
  'slotTaken',
  'rateLimited',
  'honeypot',
  'noScript',
  'sendMessage',
  'sendProject',
  'projectPhone',
  'projectMessage',
  'budgetShort',
  'migrationTimeline',
  'migrationChallenges',
  'migrationOutcome',
  'requestMigration',
  'integrationOutcome',
  'integrationChallenges',
  'requestIntegration',
] as const;

export type FormWordKey = (typeof FORM_KEYS)[number];

/** The `picker` keys: the meeting picker's words (src/islands/datetime/picker-texts.ts fills them). */
const PICKER_KEYS = [
  'choose',
  'hint',
  'title',
  'description',
  'dateLabel',
  'noDate',
  'slotsLabel',
  'idle',
  'loading',
  'none',
  'noneHint',
  'outOfRange',
  'clear',
  'cancel',
  'confirm',
] as const;

export type PickerWordKey = (typeof PICKER_KEYS)[number];

export interface FormCopy {
  /** The language's tag (`es-MX`, `en`): dates and numbers are written as it writes them. */
  locale: string;
  words: Readonly<Record<FormWordKey, string>>;
  labels: Readonly<Record<FieldName, string>>;
  hints: Readonly<Partial<Record<FieldName, string>>>;
  messages: FieldMessages;
  picker: Readonly<Record<PickerWordKey, string>>;
}

function entry(catalogue: Catalogue, group: string, key: string, code: string): string {
  const text = catalogue[group]?.[key];
  if (text === undefined) throw new Error(`Falta ${group}.${key} en content/i18n/${code}.yaml`);
  return text;
}

function pick<K extends string>(keys: readonly K[], read: (key: K) => string): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, read(key)])) as Record<K, string>;
}

/** The form copy of the language `code` from its catalogue; a missing key names the file. */
export function formCopy(catalogue: Catalogue, code: string): FormCopy {
  const limits = {
    maxText: TEXT_MAX.toLocaleString(code),
    maxLongText: LONG_TEXT_MAX.toLocaleString(code),
  };
  const messages = pick(Object.keys(MESSAGES) as MessageKey[], (key) => {
    const text = entry(catalogue, 'validation', key, code);
    return key === 'maxText' || key === 'maxLongText' ? fillKnown(text, { maximo: limits[key] }) : text;
  });
  const hints = Object.fromEntries(
    Object.entries(catalogue.hints ?? {}).filter(([name]) => name in FIELD_LABELS),
  ) as Partial<Record<FieldName, string>>;
  return {
    locale: code,
    words: pick(FORM_KEYS, (key) => entry(catalogue, 'forms', key, code)),
    labels: pick(Object.keys(FIELD_LABELS) as FieldName[], (key) => entry(catalogue, 'fields', key, code)),
    hints,
    messages,
    picker: pick(PICKER_KEYS, (key) => entry(catalogue, 'picker', key, code)),
  };
}

/** A form word with its `{placeholders}` filled. */
export function formWord(copy: FormCopy, key: FormWordKey, values: Record<string, string> = {}): string {
  return fillKnown(copy.words[key], values);
}
