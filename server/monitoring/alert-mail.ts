/**
 * The alert e-mails: one when an alert opens (its level, what was read, where to look) and one when it
 * recovers. Team mail about no lead, in the brand's layout, queued through the outbox like every message;
 * the wording is content (content/emails.yaml, `alert`), the levels' responses the thresholds' table.
 */
import { formatLongDateTime } from '../../core/dates.ts';
import { ALERT_LEVELS, type AlertLevel } from '../../core/monitoring/levels.ts';
import type { EmailCopy } from '../../core/content/emails.ts';
import { fillTemplate } from '../../core/text-template.ts';
import { copyInline, renderHtml, renderText, type Block } from '../email/document.ts';
import { layout } from '../email/layout.ts';
import type { EmailMessage } from '../email/message.ts';
import { newMessageId } from '../email/mime.ts';
import { addressOf } from '../email/settings.ts';

export interface AlertMailSettings {
  from: string;
  brandName: string;
  siteUrl: string;
  /** The wording of content/emails.yaml (`alert`). */
  copy: Pick<EmailCopy, 'alert'>;
}

export interface AlertMail {
  kind: 'opened' | 'recovered';
  level: AlertLevel;
  detail: string;
  to: string;
  at: Date;
}

export interface AlertDraft {
  audience: 'account';
  recipient: string;
  subject: string;
  message: string;
  messageId: string;
}

/** A subject line holds no line break (a header) and stays short enough for every mail client. */
const SUBJECT_MAX = 180;

export function alertMessage(mail: AlertMail, settings: AlertMailSettings): AlertDraft {
  const { alert } = settings.copy;
  const level = ALERT_LEVELS.find((entry) => entry.level === mail.level);
  const values = {
    nivel: level?.label ?? mail.level,
    marca: settings.brandName,
    detalle: mail.detail,
    fecha: formatLongDateTime(mail.at),
    queHacer: level?.response ?? '',
    sitio: new URL(settings.siteUrl).host,
  };
  const words = mail.kind === 'opened' ? alert.opened : alert.recovered;
  const subject = fillTemplate(words.subject, values).replace(/\s+/g, ' ').slice(0, SUBJECT_MAX);
  const monitoring = new URL('/admin/monitoring', settings.siteUrl).toString();
  const paragraph = (template: string): Block => ({ kind: 'paragraph', parts: copyInline(template, values) });
  const body: Block[] = [
    { kind: 'heading', text: fillTemplate(words.heading, values) },
    ...(mail.kind === 'opened'
      ? [
          { kind: 'paragraph', parts: [{ strong: mail.detail }] } as const,
          paragraph(alert.opened.since),
          paragraph(alert.opened.action),
          paragraph(alert.opened.once),
        ]
      : [paragraph(alert.recovered.intro)]),
    { kind: 'buttons', links: [{ href: monitoring, label: fillTemplate(alert.button, values) }] },
  ];
  const footer: Block[] = [paragraph(alert.footer)];
  const message: EmailMessage = {
    audience: 'account',
    from: settings.from,
    to: { address: mail.to },
    replyTo: addressOf(settings.from),
    subject,
    html: layout({
      title: subject,
      preheader: mail.detail,
      brandName: settings.brandName,
      bodyHtml: renderHtml(body),
      footerHtml: renderHtml(footer),
    }),
    text: `${renderText([...body, { kind: 'paragraph', parts: ['--'] }, ...footer])}\n`,
    attachments: [],
  };
  return {
    audience: 'account',
    recipient: mail.to,
    subject,
    message: JSON.stringify(message),
    messageId: newMessageId(addressOf(settings.from)),
  };
}
