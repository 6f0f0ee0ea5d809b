/**
 * Interface strings edited after the build, put into the built pages without building again. A page's
 * text that is exactly one catalogue string (a whole text node, or a whole attribute value such as an
 * `aria-label` or a `content`) is found in the built HTML and replaced by the edited text; a string with
 * `{placeholders}` is found with the filled-in values and gets the same values back. Script and style
 * bodies are never touched, so the pages' CSP hashes and structured data stay valid. A text that merely
 * contains a catalogue string is left alone: only whole matches are the catalogue's.
 */
import { placeholdersOf } from '../content/common.ts';

/** One catalogue string: `nav.contact` → `Contact`. */
export interface LiveString {
  key: string;
  text: string;
}

/** Where a catalogue string stands in a page: the byte-free character range of its (escaped) text. */
export interface Occurrence {
  key: string;
  start: number;
  end: number;
  /** Leading and trailing white space of a text node, kept around the new text. */
  before: string;
  after: string;
  /** The values of the string's `{placeholders}` in this place. */
  values: Record<string, string>;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ESCAPES[character] ?? character);
}

interface Segment {
  start: number;
  end: number;
  raw: string;
}

/** Text between tags and double-quoted attribute values, outside scripts, styles and comments. */
function segmentsOf(html: string): Segment[] {
  const segments: Segment[] = [];
  const tag = /<!--[\s\S]*?-->|<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>|<[^>]*>/gi;
  let cursor = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (match.index > cursor) segments.push({ start: cursor, end: match.index, raw: html.slice(cursor, match.index) });
    const whole = match[0];
    if (!whole.startsWith('<!--') && !match[1]) {
      const attribute = /\s[\w:.-]+="([^"]*)"/g;
      for (let value = attribute.exec(whole); value; value = attribute.exec(whole)) {
        const raw = value[1] ?? '';
        const start = match.index + value.index + value[0].length - raw.length - 1;
        segments.push({ start, end: start + raw.length, raw });
      }
    }
    cursor = match.index + whole.length;
  }
  if (cursor < html.length) segments.push({ start: cursor, end: html.length, raw: html.slice(cursor) });
  return segments;
}

interface Matcher {
  key: string;
  names: string[];
  pattern: RegExp;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matcherOf(entry: LiveString): Matcher {
  const names = placeholdersOf(entry.text);
  const parts = entry.text.split(/\{\w+\}/).map(escapeRegExp);
  return { key: entry.key, names, pattern: new RegExp(`^${parts.join('(.+?)')}$`, 's') };
}

/**
 * Every place in `html` where a whole text node or attribute value is one of `strings`. Strings without
 * placeholders are looked up by their text; a text two keys share goes to the first of them.
 */
export function findLiveStrings(html: string, strings: readonly LiveString[]): Occurrence[] {
  const exact = new Map<string, string>();
  const templated: Matcher[] = [];
  for (const entry of strings) {
    if (entry.text.trim() === '') continue;
    if (placeholdersOf(entry.text).length > 0) templated.push(matcherOf(entry));
    else if (!exact.has(entry.text)) exact.set(entry.text, entry.key);
  }
  const found: Occurrence[] = [];
  for (const segment of segmentsOf(html)) {
    const trimmed = segment.raw.trim();
    if (trimmed === '' || trimmed.length > 2000) continue;
    const text = decodeEntities(trimmed).replace(/\s+/g, ' ');
    const before = segment.raw.slice(0, segment.raw.indexOf(trimmed));
    const after = segment.raw.slice(before.length + trimmed.length);
    const place = { start: segment.start, end: segment.end, before, after };
    const key = exact.get(text);
    if (key !== undefined) {
      found.push({ ...place, key, values: {} });
      continue;
    }
    for (const matcher of templated) {
      const match = matcher.pattern.exec(text);
      if (!match) continue;
      const values = Object.fromEntries(matcher.names.map((name, index) => [name, match[index + 1] ?? '']));
      found.push({ ...place, key: matcher.key, values });
      break;
    }
  }
  return found;
}

/** `text` with its `{placeholders}` filled from `values`; a placeholder without a value stays as it was. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The page with each occurrence of an edited key replaced by its edited text, escaped. */
export function applyLiveStrings(
  html: string,
  occurrences: readonly Occurrence[],
  edited: ReadonlyMap<string, string>,
): string {
  let result = '';
  let cursor = 0;
  for (const occurrence of [...occurrences].sort((a, b) => a.start - b.start)) {
    const text = edited.get(occurrence.key);
    if (text === undefined || occurrence.start < cursor) continue;
    result += html.slice(cursor, occurrence.start);
    result += `${occurrence.before}${escapeText(fillPlaceholders(text, occurrence.values))}${occurrence.after}`;
    cursor = occurrence.end;
  }
  return result + html.slice(cursor);
}

/** The catalogue (group → key → text) as the list `findLiveStrings` reads. */
export function liveStringsOf(catalogue: Readonly<Record<string, Readonly<Record<string, string>>>>): LiveString[] {
  return Object.entries(catalogue).flatMap(([group, keys]) =>
    Object.entries(keys).map(([key, text]) => ({ key: `${group}.${key}`, text })),
  );
}
