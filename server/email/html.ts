/** Text as e-mail HTML: through the server's one escaper, with a textarea's line breaks kept. */
import { escapeHtml } from '../escape-html.ts';

export function multiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}
