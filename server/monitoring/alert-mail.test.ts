/**
 * The alert e-mails say what content/emails.yaml writes, with every placeholder filled, the level's response
 * from the thresholds' table, and a subject that stays one short header line whatever the measurement holds.
 */
import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { ALERT_LEVELS } from '../../core/monitoring/levels.ts';
import { fillTemplate } from '../../core/text-template.ts';
import type { EmailMessage } from '../email/message.ts';
import { alertMessage, type AlertMail } from './alert-mail.ts';

const copy = loadContentFacts().emails;
const settings = { from: 'Angram <hola@angram.mx>', brandName: 'Angram', siteUrl: 'https://www.angram.mx', copy };
const mail: AlertMail = {
  kind: 'opened',
  level: 'critical',
  detail: 'p75 de LCP en Formularios: 4.8 s',
  to: 'guardia@angram.mx',
  at: new Date('2026-11-28T18:30:00Z'),
};
const critical = ALERT_LEVELS.find((level) => level.level === 'critical');

function messageOf(draft: ReturnType<typeof alertMessage>): EmailMessage {
  return JSON.parse(draft.message) as EmailMessage;
}

describe('alert e-mails', () => {
  it('open with the wording of the content, the level and what to do', () => {
    const draft = alertMessage(mail, settings);
    const values = { nivel: critical?.label ?? '', marca: 'Angram', detalle: mail.detail };
    expect(draft.subject).toBe(fillTemplate(copy.alert.opened.subject, values));
    expect(draft.recipient).toBe(mail.to);
    const text = messageOf(draft).text;
    expect(text).toContain(fillTemplate(copy.alert.opened.heading, values));
    expect(text).toContain(critical?.response);
    expect(text).toContain(copy.alert.opened.once);
    expect(text).toContain('https://www.angram.mx/admin/monitoring');
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it('recover with their own subject and paragraph', () => {
    const draft = alertMessage({ ...mail, kind: 'recovered' }, settings);
    expect(draft.subject).toBe(
      fillTemplate(copy.alert.recovered.subject, {
        nivel: critical?.label ?? '',
        marca: 'Angram',
        detalle: mail.detail,
      }),
    );
    const text = messageOf(draft).text;
    expect(text).toContain(mail.detail);
    expect(text).not.toContain(copy.alert.opened.once);
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it('keep the subject on one short line whatever the measurement holds', () => {
    const hostile = { ...mail, detail: `caída de https://x.mx/\r\nBcc: otro@x.mx ${'a'.repeat(500)}` };
    const { subject } = alertMessage(hostile, settings);
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject.length).toBeLessThanOrEqual(180);
  });
});
