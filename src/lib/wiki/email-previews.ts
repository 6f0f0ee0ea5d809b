/**
 * The lead API's real e-mail templates as the wiki shows them: the six sample previews, the variable
 * tables and the lead-score rules, imported straight from `server/email/` (pure modules, no I/O).
 */
import { LEAD_SCORE_DEFAULT, LEAD_SCORE_RULES } from '../../../server/lead/analysis.ts';
import { EMAIL_PREVIEW_SAMPLES, renderEmailPreview } from '../../../server/email/samples.ts';
import { EMAIL_VARIABLES, type VariableDoc } from '../../../server/email/variables.ts';

export { EMAIL_PREVIEW_SAMPLES, EMAIL_VARIABLES, renderEmailPreview };
export type { EmailPreviewSample as PreviewSample } from '../../../server/email/samples.ts';
export type { VariableDoc };

/** Where the preview of a sample is published (a page of its own, opened in a new tab). */
export function emailPreviewPath(id: string): string {
  return `/wikiangram/email-template/preview/${id}`;
}

/** How the internal message scores a lead: the starting score and each rule's points. */
export const LEAD_SCORE = {
  base: LEAD_SCORE_DEFAULT,
  rules: LEAD_SCORE_RULES.map(({ id, points, description }) => ({ id, points, description })),
};

/**
 * The e-mail as the document of the preview frame: exactly the message, plus `<base target="_blank">`
 * so its links (mailto:, WhatsApp, Google Calendar) open a new tab instead of inside the frame.
 */
export function previewDocument(html: string): string {
  return /<head>/i.test(html)
    ? html.replace(/<head>/i, '<head><base target="_blank">')
    : `<base target="_blank">${html}`;
}
