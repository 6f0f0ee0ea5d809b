/**
 * HTML for the sales inbox, escaped by default. `html` is a tagged template: every interpolated value is
 * escaped unless it is itself `Html` (built by `html` or, for markup written in this code, `trustedHtml`).
 * Arrays are joined, and `undefined`, `null` and `false` render as nothing, so views can write
 * `${items.map(…)}` and `${condition && html`…`}` without reaching for string concatenation.
 */
import { escapeHtml } from '../escape-html.ts';

const HTML_BRAND = Symbol('html');

export interface Html {
  readonly [HTML_BRAND]: true;
  readonly value: string;
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function isHtml(value: unknown): value is Html {
  return typeof value === 'object' && value !== null && HTML_BRAND in value;
}

function render(value: HtmlValue): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return escapeHtml(String(value));
  if (value === undefined || value === null || typeof value === 'boolean') return '';
  if (isHtml(value)) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  // Something that slipped past the types (an object from parsed input) is shown as text, never as markup.
  return escapeHtml(Object.prototype.toString.call(value));
}

/** Markup this code wrote itself; never pass it anything a visitor or a user typed. */
export function trustedHtml(markup: string): Html {
  return { [HTML_BRAND]: true, value: markup };
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0] ?? '';
  for (let index = 0; index < values.length; index += 1) {
    out += render(values[index]) + (strings[index + 1] ?? '');
  }
  return trustedHtml(out);
}

/** Renders any value to a string (escaped as above): what a response body gets. */
export function toHtmlString(value: HtmlValue): string {
  return render(value);
}

/** `attr('name', value)`: the attribute when the value is a string, nothing when it is absent or false. */
export function attr(name: string, value: string | number | boolean | undefined | null): Html {
  if (value === undefined || value === null || value === false) return trustedHtml('');
  if (value === true) return trustedHtml(` ${name}`);
  return html` ${trustedHtml(name)}="${String(value)}"`;
}
