/**
 * The messages the sales inbox sends through the outbox, composed here with the e-mails' layout and footer
 * so they look like every other message of the brand: a salesperson's e-mail to a lead's client (their text
 * as typed, `Reply-To` their own address), each salesperson's daily digest, and the one-time sign-in link a
 * throttled account asks for (copy of content/emails.yaml, `signInLink`; about no lead). Pure functions of
 * their input and the settings; the inbox receives them through `InboxMail` (server/admin/mail.ts) and
 * queues them itself, inside its own transaction.
 */
import { formatLongDate } from '../../core/dates.ts';
import type { SalesEmailCopy } from '../../core/content/sales-emails.ts';
import { SITE } from '../../core/site.ts';
import { fillTemplate } from '../../core/text-template.ts';
import type {
  AssignedLeadMail,
  ClientEmail,
  Digest,
  DigestFollowUp,
  InboxMail,
  OutboxDraft,
  SignInLinkMail,
} from '../admin/mail.ts';
import { referenceOf } from '../lead/model.ts';
import { copyInline, renderHtml, renderText, type Block } from '../email/document.ts';
import { layout } from '../email/layout.ts';
import type { EmailMessage } from '../email/message.ts';
import { newMessageId } from '../email/mime.ts';
import { addressOf, type EmailSettings } from '../email/settings.ts';
import { footerBlocks } from '../email/templates.ts';

/** The first characters of a text, for the preheader. */
function preview(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function draft(message: EmailMessage, settings: EmailSettings): OutboxDraft {
  return {
    audience: message.audience,
    recipient: message.to.address,
    subject: message.subject,
    message: JSON.stringify(message),
    messageId: newMessageId(addressOf(settings.from)),
  };
}

function compose(
  settings: EmailSettings,
  parts: Pick<EmailMessage, 'audience' | 'to' | 'replyTo' | 'subject'> & {
    preheader: string;
    body: readonly Block[];
    footer: readonly Block[];
  },
): EmailMessage {
  return {
    audience: parts.audience,
    from: settings.from,
    to: parts.to,
    replyTo: parts.replyTo,
    subject: parts.subject,
    html: layout({
      title: parts.subject,
      preheader: parts.preheader,
      brandName: settings.brandName,
      bodyHtml: renderHtml(parts.body),
      footerHtml: renderHtml(parts.footer),
    }),
    text: `${renderText([...parts.body, { kind: 'paragraph', parts: ['--'] }, ...parts.footer])}\n`,
    attachments: [],
  };
}

/** A salesperson's text: paragraphs at blank lines, line breaks kept, nothing read as markup. */
export function clientEmailMessage(email: ClientEmail, settings: EmailSettings): EmailMessage {
  const paragraphs = email.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph): Block => ({ kind: 'paragraph', parts: [paragraph] }));
  return compose(settings, {
    audience: 'client',
    // No display name: the address the visitor gave, as in the confirmation.
    to: { address: email.to },
    // Bare addresses: a name with a comma or quotes could not break the header. The team's mailbox too, so
    // the client's answer reaches the lead's history (server/inbox-email/replies/) as well as the salesperson.
    replyTo: [...new Set([email.sender.email, settings.salesEmail])].join(', '),
    subject: email.subject,
    preheader: preview(email.body),
    body: paragraphs,
    footer: footerBlocks(settings, 'client'),
  });
}

export function signInLinkMessage(mail: SignInLinkMail, settings: EmailSettings): EmailMessage {
  const copy = settings.copy.signInLink;
  const marca = settings.brandName;
  const subject = fillTemplate(copy.subject, { marca });
  return compose(settings, {
    audience: 'account',
    // The account's own name is the team's text, not a visitor's: safe as a display name.
    to: { name: mail.name, address: mail.to },
    replyTo: settings.salesEmail,
    subject,
    preheader: fillTemplate(copy.preheader, { marca, minutos: mail.minutes }),
    body: [
      { kind: 'heading', text: fillTemplate(copy.heading, { marca }) },
      { kind: 'paragraph', parts: copyInline(copy.intro, { marca, nombre: mail.name, minutos: mail.minutes }) },
      { kind: 'buttons', links: [{ href: mail.url, label: copy.button }] },
      { kind: 'paragraph', parts: copyInline(copy.twoStep) },
      { kind: 'paragraph', parts: copyInline(copy.notYou, { marca }) },
    ],
    footer: [{ kind: 'paragraph', parts: copyInline(copy.footer, { sitio: new URL(settings.siteUrl).hostname }) }],
  });
}

const count = (n: number, one: string, many: string, none: string) => (n === 0 ? none : `${n} ${n === 1 ? one : many}`);
const shortDate = (date: string) => date.split('-').reverse().join('/');

/** The inbox's list of a person's next steps, for the digest's button. */
function inboxLink(settings: EmailSettings, userId: number): string {
  return new URL(`/admin/contacts?vista=hoy&assignee=${userId}`, settings.siteUrl).toString();
}

export function digestMessage(digest: Digest, settings: EmailSettings, copy: SalesEmailCopy['digest']): EmailMessage {
  const pending = digest.overdue.length + digest.today.length;
  const counts = {
    pendientes: count(pending, 'pendiente', 'pendientes', 'ningún pendiente'),
    reuniones: count(
      digest.meetings.length + digest.unassignedMeetings.length,
      'reunión',
      'reuniones',
      'ninguna reunión',
    ),
  };
  const fecha = formatLongDate(digest.day);
  const line = (item: DigestFollowUp) =>
    fillTemplate(copy.followUpLine, {
      referencia: referenceOf(item.leadId),
      cliente: item.name,
      paso: item.nextStep,
      fecha: shortDate(item.nextStepDate),
    });
  const body: Block[] = [
    { kind: 'heading', text: fillTemplate(copy.heading, { nombre: digest.to.name }) },
    { kind: 'paragraph', parts: copyInline(copy.intro, { fecha, ...counts }) },
  ];
  if (digest.overdue.length > 0)
    body.push({ kind: 'subheading', text: copy.overdueTitle }, { kind: 'list', items: digest.overdue.map(line) });
  if (digest.today.length > 0)
    body.push({ kind: 'subheading', text: copy.todayTitle }, { kind: 'list', items: digest.today.map(line) });
  const meetingLine = (meeting: Digest['meetings'][number]) =>
    fillTemplate(copy.meetingLine, {
      hora: meeting.time,
      referencia: referenceOf(meeting.leadId),
      cliente: meeting.name,
    });
  if (digest.meetings.length > 0)
    body.push(
      { kind: 'subheading', text: copy.meetingsTitle },
      { kind: 'list', items: digest.meetings.map(meetingLine) },
    );
  if (digest.unassignedMeetings.length > 0)
    body.push(
      { kind: 'subheading', text: copy.unassignedMeetingsTitle },
      { kind: 'list', items: digest.unassignedMeetings.map(meetingLine) },
    );
  body.push({ kind: 'buttons', links: [{ href: inboxLink(settings, digest.to.id), label: copy.button }] });
  const site = new URL(settings.siteUrl).hostname;
  return compose(settings, {
    audience: 'internal',
    to: { name: digest.to.name, address: digest.to.email },
    replyTo: settings.salesEmail,
    subject: fillTemplate(copy.subject, counts),
    preheader: fillTemplate(copy.intro, { fecha, ...counts }),
    body,
    footer: [
      {
        kind: 'paragraph',
        parts: copyInline(settings.copy.footer.brand, {
          marca: settings.brandName,
          lema: SITE.tagline,
          ciudad: SITE.city,
        }),
      },
      { kind: 'paragraph', parts: copyInline(copy.footer, { sitio: site }) },
    ],
  });
}

export function assignedLeadMessage(
  mail: AssignedLeadMail,
  settings: EmailSettings,
  copy: SalesEmailCopy['assigned'],
): EmailMessage {
  const referencia = referenceOf(mail.leadId);
  const motivo = mail.reason === 'consultant' ? copy.byConsultant : copy.byTurn;
  const intro = { referencia, cliente: mail.client, motivo };
  return compose(settings, {
    audience: 'internal',
    to: { name: mail.to.name, address: mail.to.email },
    replyTo: settings.salesEmail,
    subject: fillTemplate(copy.subject, { referencia, cliente: mail.client }),
    preheader: fillTemplate(copy.intro, intro),
    body: [
      { kind: 'heading', text: fillTemplate(copy.heading, { nombre: mail.to.name }) },
      { kind: 'paragraph', parts: copyInline(copy.intro, intro) },
      {
        kind: 'buttons',
        links: [{ href: new URL(`/admin/contacts/${mail.leadId}`, settings.siteUrl).toString(), label: copy.button }],
      },
    ],
    footer: [{ kind: 'paragraph', parts: copyInline(copy.footer, { sitio: new URL(settings.siteUrl).hostname }) }],
  });
}

/** The inbox's e-mail port over these settings and the sales copy. */
export function createInboxMail(settings: EmailSettings, copy: SalesEmailCopy): InboxMail {
  return {
    copy,
    brandName: settings.brandName,
    toClient: (email) => draft(clientEmailMessage(email, settings), settings),
    digest: (digest) => draft(digestMessage(digest, settings, copy.digest), settings),
    signInLink: (mail) => draft(signInLinkMessage(mail, settings), settings),
    assigned: (mail) => draft(assignedLeadMessage(mail, settings, copy.assigned), settings),
  };
}
