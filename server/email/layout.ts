/**
 * Building blocks of the HTML e-mails: table-based layout with inline styles (what mail clients render),
 * `lang` of the message (es-MX unless the client wrote in another language), text colours at 4.5:1 or more. Arguments named `html` are already-safe HTML; every
 * other string is escaped here.
 */
import { escapeHtml } from '../escape-html.ts';
import { multiline } from './html.ts';

const FONT = 'Arial, Helvetica, sans-serif';
export const COLORS = {
  text: '#1f2937',
  muted: '#4b5563',
  brand: '#312e81',
  button: '#4338ca',
  page: '#f3f4f6',
  panel: '#f9fafb',
  border: '#e5e7eb',
  highlight: '#eef2ff',
} as const;

export interface LayoutInput {
  title: string;
  /** The message's language (`en` for a client who wrote in English). */
  lang?: string;
  preheader: string;
  brandName: string;
  bodyHtml: string;
  footerHtml: string;
}

export function layout({ title, preheader, brandName, bodyHtml, footerHtml, lang = 'es-MX' }: LayoutInput): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${COLORS.border};border-radius:8px;">
<tr><td style="background:${COLORS.brand};padding:20px 32px;border-radius:8px 8px 0 0;font-family:${FONT};font-size:22px;font-weight:700;color:#ffffff;">${escapeHtml(brandName)}</td></tr>
<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:1.6;color:${COLORS.text};">
${bodyHtml}
</td></tr>
<tr><td style="padding:20px 32px;background:${COLORS.panel};border-top:1px solid ${COLORS.border};border-radius:0 0 8px 8px;font-family:${FONT};font-size:13px;line-height:1.6;color:${COLORS.muted};">
${footerHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export const heading = (text: string): string =>
  `<h1 style="margin:0 0 16px;font-family:${FONT};font-size:22px;line-height:1.3;color:${COLORS.text};">${escapeHtml(text)}</h1>`;

export const subheading = (text: string): string =>
  `<h2 style="margin:28px 0 12px;font-family:${FONT};font-size:18px;line-height:1.3;color:${COLORS.text};">${escapeHtml(text)}</h2>`;

export const paragraph = (html: string): string => `<p style="margin:0 0 16px;">${html}</p>`;

export const link = (href: string, text: string): string =>
  `<a href="${escapeHtml(href)}" style="color:${COLORS.button};text-decoration:underline;">${escapeHtml(text)}</a>`;

/** A row of call-to-action buttons (bulletproof table buttons). */
export function buttons(items: ReadonlyArray<{ href: string; label: string }>): string {
  if (items.length === 0) return '';
  const cells = items
    .map(
      ({ href, label }) =>
        `<td style="padding:0 8px 8px 0;"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="background:${COLORS.button};border-radius:6px;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 18px;font-family:${FONT};font-size:15px;font-weight:700;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a></td></tr></table></td>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;"><tr>${cells}</tr></table>`;
}

/** A highlighted box (the meeting, the reference). */
export const panel = (html: string): string =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;"><tr><td style="background:${COLORS.highlight};border-left:4px solid ${COLORS.button};padding:16px 20px;border-radius:4px;">${html}</td></tr></table>`;

export interface TableRow {
  label: string;
  value: string;
  /** Free text typed by the visitor: line breaks are kept. */
  long?: boolean;
}

/** A two-column data table with row headers (screen readers read "label: value"). */
export function dataTable(caption: string, rows: readonly TableRow[]): string {
  const body = rows
    .map(
      (row) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:8px 12px 8px 0;border-bottom:1px solid ${COLORS.border};font-weight:700;width:38%;">${escapeHtml(row.label)}</th><td style="vertical-align:top;padding:8px 0;border-bottom:1px solid ${COLORS.border};">${row.long ? multiline(row.value) : escapeHtml(row.value)}</td></tr>`,
    )
    .join('\n');
  return `<table cellpadding="0" cellspacing="0" border="0" width="100%" style="border-collapse:collapse;margin:0 0 20px;font-family:${FONT};font-size:15px;line-height:1.5;color:${COLORS.text};">
<caption style="text-align:left;padding:0 0 8px;font-weight:700;color:${COLORS.muted};">${escapeHtml(caption)}</caption>
${body}
</table>`;
}

export const list = (items: readonly string[]): string =>
  `<ul style="margin:0 0 16px;padding-left:20px;">${items.map((item) => `<li style="margin:0 0 6px;">${item}</li>`).join('')}</ul>`;

/** Plain-text counterpart of `dataTable`. */
export function textTable(rows: readonly TableRow[]): string {
  return rows.map((row) => (row.long ? `${row.label}:\n${row.value}` : `${row.label}: ${row.value}`)).join('\n');
}
