/**
 * The alert e-mails: one when an alert opens (its level, what was read, where to look) and one when it
 * recovers. Team mail about no lead, in the brand's layout, queued through the outbox like every message.
 */
import { formatLongDateTime } from '../../core/dates.ts';
import { ALERT_LEVELS, type AlertLevel } from '../../core/monitoring/levels.ts';
import { renderHtml, renderText, type Block } from '../email/document.ts';
import { layout } from '../email/layout.ts';
import type { EmailMessage } from '../email/message.ts';
import { newMessageId } from '../email/mime.ts';
import { addressOf } from '../email/settings.ts';

export interface AlertMailSettings {
  from: string;
  brandName: string;
  siteUrl: string;
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

export function alertMessage(mail: AlertMail, settings: AlertMailSettings): AlertDraft {
  const level = ALERT_LEVELS.find((entry) => entry.level === mail.level);
  const label = level?.label ?? mail.level;
  const subject =
    mail.kind === 'opened'
      ? `[${label}] ${settings.brandName}: ${mail.detail}`.slice(0, 180)
      : `[Resuelto] ${settings.brandName}: ${mail.detail}`.slice(0, 180);
  const monitoring = new URL('/admin/monitoring', settings.siteUrl).toString();
  const when = formatLongDateTime(mail.at);
  const body: Block[] =
    mail.kind === 'opened'
      ? [
          { kind: 'heading', text: `Alerta ${label}` },
          { kind: 'paragraph', parts: [{ strong: mail.detail }] },
          { kind: 'paragraph', parts: [`Abierta el ${when} (hora de la Ciudad de México).`] },
          { kind: 'paragraph', parts: [`Qué hacer: ${level?.response ?? ''}`] },
          { kind: 'paragraph', parts: ['No recibirás otro correo de esta alerta hasta que se resuelva.'] },
          { kind: 'buttons', links: [{ href: monitoring, label: 'Ver el monitoreo' }] },
        ]
      : [
          { kind: 'heading', text: `Resuelta: alerta ${label}` },
          { kind: 'paragraph', parts: [`La señal volvió a su umbral el ${when}: ${mail.detail}.`] },
          { kind: 'buttons', links: [{ href: monitoring, label: 'Ver el monitoreo' }] },
        ];
  const footer: Block[] = [
    { kind: 'paragraph', parts: ['Correo automático del monitoreo del sitio. ALERT_EMAIL decide quién lo recibe.'] },
  ];
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
