/**
 * E-mails to a member of the sales team about their own account (no lead): today the one-time sign-in link
 * a throttled account asks for. Written with the same layout as the lead e-mails and the copy of
 * content/emails.yaml (`signInLink`), queued in the outbox (audience `account`, no lead) inside the caller's
 * transaction and sent by the outbox worker like any other message. The inbox receives this as a function
 * (server/services.ts): it imports no e-mail code.
 */
import { fillTemplate } from '../../core/text-template.ts';
import { createOutboxStore } from '../db/outbox.ts';
import type { Queryable } from '../db/storage.ts';
import { copyInline, renderHtml, renderText, type Block } from './document.ts';
import { layout } from './layout.ts';
import type { EmailMessage } from './message.ts';
import { newMessageId } from './mime.ts';
import { addressOf, type EmailSettings } from './settings.ts';

export interface SignInLinkMail {
  to: string;
  name: string;
  /** The absolute link, with its token. */
  url: string;
  minutes: number;
}

export function signInLinkMessage(mail: SignInLinkMail, settings: EmailSettings): EmailMessage {
  const copy = settings.copy.signInLink;
  const marca = settings.brandName;
  const subject = fillTemplate(copy.subject, { marca });
  const body: Block[] = [
    { kind: 'heading', text: fillTemplate(copy.heading, { marca }) },
    { kind: 'paragraph', parts: copyInline(copy.intro, { marca, nombre: mail.name, minutos: mail.minutes }) },
    { kind: 'buttons', links: [{ href: mail.url, label: copy.button }] },
    { kind: 'paragraph', parts: copyInline(copy.twoStep) },
    { kind: 'paragraph', parts: copyInline(copy.notYou, { marca }) },
  ];
  const footer: Block[] = [
    { kind: 'paragraph', parts: copyInline(copy.footer, { sitio: new URL(settings.siteUrl).hostname }) },
  ];
  return {
    audience: 'account',
    from: settings.from,
    // The account's own name is the team's text, not a visitor's: safe as a display name.
    to: { name: mail.name, address: mail.to },
    replyTo: settings.salesEmail,
    subject,
    html: layout({
      title: subject,
      preheader: fillTemplate(copy.preheader, { marca, minutos: mail.minutes }),
      brandName: marca,
      bodyHtml: renderHtml(body),
      footerHtml: renderHtml(footer),
    }),
    text: `${renderText([...body, { kind: 'paragraph', parts: ['--'] }, ...footer])}\n`,
    attachments: [],
  };
}

/** What the inbox is handed (its `AccountMailer`): queues the message in `db`, the caller's transaction. */
export function accountMailer(settings: EmailSettings) {
  return {
    async queueSignInLink(db: Queryable, mail: SignInLinkMail): Promise<void> {
      const message = signInLinkMessage(mail, settings);
      await createOutboxStore(db).enqueue({
        leadId: null,
        audience: 'account',
        recipient: mail.to,
        subject: message.subject,
        message: JSON.stringify(message),
        messageId: newMessageId(addressOf(settings.from)),
        now: new Date().toISOString(),
      });
    },
  };
}
