import { describe, expect, it } from 'vitest';
import { LEAD_KINDS } from '../../../core/forms/kinds.ts';
import {
  EMAIL_PREVIEW_SAMPLES,
  EMAIL_VARIABLES,
  emailPreviewPath,
  previewDocument,
  renderEmailPreview,
} from './email-previews.ts';

describe('previewDocument', () => {
  it('keeps the e-mail as it is and makes its links open a new tab', () => {
    const html =
      '<!DOCTYPE html><html lang="es-MX"><head><meta charset="utf-8"></head><body style="margin:0;"><a href="mailto:a@b.mx">a</a></body></html>';
    expect(previewDocument(html)).toBe(html.replace('<head>', '<head><base target="_blank">'));
    expect(previewDocument('<p>Sólo un párrafo</p>')).toBe('<base target="_blank"><p>Sólo un párrafo</p>');
  });
});

describe('the API’s e-mail templates (server/email)', () => {
  it('offer six previews covering form types 1-4 and both audiences', () => {
    expect(EMAIL_PREVIEW_SAMPLES).toHaveLength(6);
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => LEAD_KINDS[sample.lead.kind].formType))).toEqual(
      new Set([1, 2, 3, 4]),
    );
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => sample.audience))).toEqual(new Set(['client', 'internal']));
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => emailPreviewPath(sample.id))).size).toBe(6);
  });

  it('render each preview as a full e-mail with the subject of its kind and audience', () => {
    for (const sample of EMAIL_PREVIEW_SAMPLES) {
      const message = renderEmailPreview(sample);
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
});
