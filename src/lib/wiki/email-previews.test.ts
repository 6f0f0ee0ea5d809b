import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoteHeadings, EMAIL_PREVIEW_SAMPLES, EMAIL_VARIABLES, emailBody, emailPreviewPath, renderEmailPreview } from './email-previews.ts';

describe('emailBody', () => {
  it('takes what is inside <body> and the body’s inline style', () => {
    const html = '<!DOCTYPE html><html><head><title>x</title></head><body style="margin:0;background:#f3f4f6;">\n<p>Hola</p>\n</body></html>';
    expect(emailBody(html)).toEqual({ style: 'margin:0;background:#f3f4f6;', inner: '\n<p>Hola</p>\n' });
  });

  it('returns a fragment as it is', () => {
    expect(emailBody('<p>Sólo un párrafo</p>')).toEqual({ style: '', inner: '<p>Sólo un párrafo</p>' });
  });
});

describe('demoteHeadings', () => {
  it('moves every heading one level down and leaves other tags alone', () => {
    expect(demoteHeadings('<h1 style="margin:0">Hola</h1><h2>Datos</h2><header><hr><h5>x</h5>')).toBe(
      '<h2 style="margin:0">Hola</h2><h3>Datos</h3><header><hr><h6>x</h6>',
    );
  });
});

const templatesPresent = existsSync('server/email/samples.ts');

describe.skipIf(!templatesPresent)('the API’s e-mail templates (server/email)', () => {
  it('offer six previews covering form types 1-4 and both audiences', () => {
    expect(EMAIL_PREVIEW_SAMPLES).toHaveLength(6);
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => sample.lead.formType))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => sample.audience))).toEqual(new Set(['client', 'internal']));
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => emailPreviewPath(sample.id))).size).toBe(6);
  });

  it('render each preview as a full e-mail with the specification’s subject', () => {
    for (const sample of EMAIL_PREVIEW_SAMPLES) {
      const message = renderEmailPreview(sample);
      expect(message.audience).toBe(sample.audience);
      expect(message.subject).toMatch(/ - Angram$/);
      expect(emailBody(message.html).inner).toContain('Angram');
    }
  });

  it('document the variables of every form type, the calendar and the internal message', () => {
    expect(EMAIL_VARIABLES?.formTypes.map((form) => form.formType)).toEqual([1, 2, 3, 4]);
    expect(EMAIL_VARIABLES?.calendar.map((variable) => variable.name)).toContain('google_calendar_link');
    expect(EMAIL_VARIABLES?.internal.map((variable) => variable.name)).toContain('referencia_id');
  });
});
