/** HTML helpers for the e-mail templates. Every piece of user text goes through `escapeHtml`. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element content and in double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Escaped text with its line breaks kept, for messages typed in a textarea. */
export function multiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}
