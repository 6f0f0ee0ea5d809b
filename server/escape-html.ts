/**
 * The server's one HTML escaper: the inbox's pages and the e-mails put every piece of text through it.
 * Safe in element content and in double- or single-quoted attribute values (the backtick too, which old
 * browsers took as a quote).
 */
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (character) => ESCAPES[character] ?? character);
}
