import { describe, expect, it } from 'vitest';
import {
  EMAIL_PREVIEW_SAMPLES,
  EMAIL_VARIABLES,
  emailPreviewPath,
  LEAD_SCORE,
  previewDocument,
} from './email-previews.ts';

describe('previewDocument', () => {
  it('keeps the e-mail as it is and makes its links open a new tab', () => {
    const html =
      '<!DOCTYPE html><html lang="es-MX"><head><meta charset="utf-8"></head><body style="margin:0;"><a href="mailto:a@b.mx">a</a></body></html>';
    expect(previewDocument(html)).toBe(html.replace('<head>', '<head><base target="_blank">'));
    expect(previewDocument('<p>Sólo un párrafo</p>')).toBe('<base target="_blank"><p>Sólo un párrafo</p>');
  });
});

describe('the API’s e-mail templates (server/email), as the build hands them to the site', () => {
  it('offer previews covering form types 1-4 and both audiences, each at a page of its own', () => {
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => sample.formType))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => sample.audience))).toEqual(new Set(['client', 'internal']));
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => emailPreviewPath(sample.id))).size).toBe(
      EMAIL_PREVIEW_SAMPLES.length,
    );
  });

  it('render each preview as a full e-mail with the subject of its kind and audience', () => {
    for (const sample of EMAIL_PREVIEW_SAMPLES) {
      const { message } = sample;
      expect(message.audience).toBe(sample.audience);
      expect(message.subject).toMatch(/ - Angram$/);
      expect(message.html).toMatch(/^<!DOCTYPE html>/i);
      expect(message.html).toContain('<html lang="es-MX">');
    }
  });

  it('document the variables of every form type, the calendar and the internal message', () => {
    expect(EMAIL_VARIABLES.formTypes.map((form) => form.formType)).toEqual([1, 2, 3, 4]);
    expect(EMAIL_VARIABLES.calendar.map((variable) => variable.name)).toContain('google_calendar_link');
    expect(EMAIL_VARIABLES.internal.map((variable) => variable.name)).toContain('referencia_id');
  });

  it('carry the lead-score rules with their points', () => {
    expect(LEAD_SCORE.base).toBeGreaterThan(0);
    expect(LEAD_SCORE.rules.length).toBeGreaterThan(0);
    for (const rule of LEAD_SCORE.rules) expect(rule.description).not.toBe('');
  });
});
