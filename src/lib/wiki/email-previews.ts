/**
 * The lead API's real e-mail templates as the wiki shows them: the sample previews, the variable tables
 * and the lead-score rules, rendered at build time from `server/email/` (build/email-previews.ts).
 */
import previews from 'virtual:angram/email-previews';

export type { VariableDoc } from './email-preview-data.ts';

export const EMAIL_PREVIEW_SAMPLES = previews.samples;
export const EMAIL_VARIABLES = previews.variables;

/** Where the preview of a sample is published (a page of its own, opened in a new tab). */
export function emailPreviewPath(id: string): string {
  return `/wikiangram/email-template/preview/${id}`;
}

/** How the internal message scores a lead: the starting score and each rule's points. */
export const LEAD_SCORE = previews.leadScore;

/**
 * The e-mail as the document of the preview frame: exactly the message, plus `<base target="_blank">`
 * so its links (mailto:, WhatsApp, Google Calendar) open a new tab instead of inside the frame.
 */
export function previewDocument(html: string): string {
  return /<head>/i.test(html)
    ? html.replace(/<head>/i, '<head><base target="_blank">')
    : `<base target="_blank">${html}`;
}
