/**
 * The two messages of every stored enquiry, built in one pass from the lead's view (server/lead/view.ts):
 * one to the person who wrote (confirmation, meeting, reference) and one to the sales team (everything the
 * visitor sent, the preliminary analysis, action buttons and the revenue estimate). Their wording is
 * content (content/emails.yaml); this module decides what goes where. Each message is a list of blocks
 * rendered to HTML and to text alike. Pure functions of the lead and the settings: no I/O, so the wiki
 * renders its previews from them at build time.
 *
 * The confirmation goes to whatever address the form was given, so it repeats nothing the visitor typed
 * (no name, company or message): only choices from the site's own lists, the phone as normalised digits,
 * the meeting and the reference. Otherwise the form could mail anyone a text of the sender's choosing
 * from the brand's address.
 */
import { formatAppointmentLong } from '../../core/dates.ts';
import { whatsappLink } from '../../core/contact.ts';
import { ROUTES } from '../../core/routes.ts';
import { findOffer, offerDuration, offerPriceWithKind } from '../../core/offers.ts';
import { fillTemplate } from '../../core/text-template.ts';
import { LEAD_SCORE_DEFAULT } from '../lead/analysis.ts';
import { buildIcs, meetingUid, type Meeting, type MeetingLinks } from '../lead/calendar.ts';
import { LEAD_FALLBACKS, type Lead } from '../lead/model.ts';
import { prepareLead, type LeadView } from '../lead/view.ts';
import { copyInline, renderHtml, renderText, type Block, type TableRow } from './document.ts';
import { layout } from './layout.ts';
import type { EmailAttachment, EmailMessage, Mailbox } from './message.ts';
import { addressOf, inLanguage, type EmailSettings } from './settings.ts';
import { emailSubject, type Audience } from './subjects.ts';
import { emailVariables, type EmailVariables } from './variables.ts';

export const ICS_FILENAME = 'reunion.ics';

/** A lead's view with its variables: what each message is written from. */
interface Prepared extends LeadView {
  variables: EmailVariables;
  /** The meeting's record, when the lead booked one (UID, SEQUENCE, video call, manage link). */
  links: MeetingLinks | undefined;
}

function meetingWhen(meeting: Meeting, settings: EmailSettings): string {
  return fillTemplate(settings.copy.meeting.when, { fecha: formatAppointmentLong(meeting.slot, settings.locale) });
}

function icsFor(view: Prepared, settings: EmailSettings, meeting: Meeting): EmailAttachment {
  const content = buildIcs({
    uid: view.links?.uid ?? meetingUid(view.lead.id, meeting.slot, settings.siteUrl),
    sequence: view.links?.sequence ?? 0,
    stamp: new Date(view.lead.receivedAt),
    meeting,
    organizer: { name: settings.brandName, email: addressOf(settings.from) },
    attendee: { email: view.lead.fields.email ?? '' },
    team: { name: settings.brandName, email: settings.salesEmail },
  });
  return { filename: ICS_FILENAME, content, contentType: 'text/calendar; charset=utf-8; method=REQUEST' };
}

function clientIntro(view: Prepared, settings: EmailSettings): string {
  const { calendar, client } = view.variables;
  return fillTemplate(settings.copy.client.intro[view.lead.kind], {
    marca: settings.brandName,
    referencia: view.reference,
    servicio: client.tipo_consultoria.toLowerCase(),
    consultor: calendar.nombre_consultor,
    puesto: calendar.puesto_consultor,
  });
}

/** "Arquitectura de software: inversión desde $2,500 USD, duración 1-2 semanas." */
function offerNote(view: Prepared, settings: EmailSettings): string | undefined {
  const offer = findOffer(settings.offers, view.lead.fields.serviceType);
  if (!offer) return undefined;
  const { client } = settings.copy;
  const line = fillTemplate(client.offer, {
    servicio: offer.label,
    precio: offerPriceWithKind(offer),
    duracion: offerDuration(offer),
  });
  return offer.supportDays ? `${line} ${fillTemplate(client.offerSupport, { dias: offer.supportDays })}` : line;
}

export function footerBlocks(settings: EmailSettings, audience: Audience): Block[] {
  const { contact } = settings;
  const { footer } = settings.copy;
  const site = new URL(settings.siteUrl).hostname;
  const chat = whatsappLink(contact.whatsappNumber, contact.greetings.general);
  return [
    {
      kind: 'paragraph',
      parts: copyInline(footer.brand, { marca: settings.brandName, ...settings.brandLine }),
    },
    {
      kind: 'paragraph',
      parts: [
        { href: contact.mailto, text: contact.email },
        ' · ',
        { href: contact.tel, text: contact.phone },
        ' · ',
        { href: chat, text: 'WhatsApp' },
      ],
    },
    { kind: 'paragraph', parts: copyInline(footer.hours, { horario: contact.supportHours }) },
    { kind: 'paragraph', parts: copyInline(audience === 'client' ? footer.client : footer.internal, { sitio: site }) },
    // The person who wrote is told where the full privacy notice is (the LFPDPPP asks for it in every notice).
    ...(audience === 'client'
      ? [
          {
            kind: 'paragraph' as const,
            parts: copyInline(footer.privacy, {}, new URL(ROUTES.privacy, settings.siteUrl).toString()),
          },
        ]
      : []),
  ];
}

/** What a message says; `composeMessage` adds the sender, the layout, the footer and the text version. */
export interface MessageContent {
  subject: string;
  to: Mailbox;
  replyTo: string;
  preheader: string;
  body: readonly Block[];
  attachments: EmailAttachment[];
}

/** A complete message of the brand to `audience`: layout, footer and plain-text version from its blocks. */
export function composeMessage(audience: Audience, settings: EmailSettings, content: MessageContent): EmailMessage {
  const footer = footerBlocks(settings, audience);
  return {
    audience,
    from: settings.from,
    to: content.to,
    replyTo: content.replyTo,
    subject: content.subject,
    html: layout({
      title: content.subject,
      ...(settings.locale ? { lang: settings.locale } : {}),
      preheader: content.preheader,
      brandName: settings.brandName,
      bodyHtml: renderHtml(content.body),
      footerHtml: renderHtml(footer),
    }),
    text: `${renderText([...content.body, { kind: 'paragraph', parts: ['--'] }, ...footer])}\n`,
    attachments: content.attachments,
  };
}

function message(
  audience: Audience,
  view: Prepared,
  settings: EmailSettings,
  content: { to: Mailbox; replyTo: string; preheader: string; body: readonly Block[] },
): EmailMessage {
  return composeMessage(audience, settings, {
    ...content,
    subject: emailSubject(settings.copy.subjects, view.lead.kind, audience, settings.brandName),
    attachments: view.meeting ? [icsFor(view, settings, view.meeting)] : [],
  });
}

function clientMessage(view: Prepared, settings: EmailSettings): EmailMessage {
  const { meeting, reference } = view;
  const { calendar } = view.variables;
  const { client: copy } = settings.copy;
  const safe = { marca: settings.brandName, referencia: reference };
  const intro = clientIntro(view, settings);
  const offer = offerNote(view, settings);
  const chat = whatsappLink(settings.contact.whatsappNumber, fillTemplate(copy.whatsappMessage, safe));
  // Only what the visitor chose from our lists (and the phone, normalised to digits) comes back to them.
  const echoed: TableRow[] = view.rows
    .filter((row) => row.chosen || row.field === 'phone')
    .map(({ label, value }) => ({ label, value }));
  const withMeeting = meeting && {
    ...safe,
    reunion: meetingWhen(meeting, settings),
    consultor: calendar.nombre_consultor,
    puesto: calendar.puesto_consultor,
  };

  const body: Block[] = [
    { kind: 'heading', text: fillTemplate(copy.heading[view.lead.kind], safe) },
    { kind: 'paragraph', parts: [intro] },
  ];
  if (offer) body.push({ kind: 'paragraph', parts: [offer] });
  if (withMeeting) {
    const video = meeting.videoUrl;
    body.push(
      {
        kind: 'panel',
        title: fillTemplate(copy.meetingTitle, safe),
        lines: [
          [withMeeting.reunion],
          copyInline(copy.meetingWith, withMeeting),
          ...(video ? [copyInline(copy.videoCall, { enlace: video })] : []),
        ],
      },
      {
        kind: 'buttons',
        links: [
          ...(video ? [{ href: video, label: copy.joinButton }] : []),
          { href: calendar.google_calendar_link, label: copy.calendarButton },
        ],
      },
      { kind: 'paragraph', parts: copyInline(copy.invitation, { ...safe, archivo: ICS_FILENAME }) },
    );
    const manage = view.links?.manageUrl;
    if (manage) body.push({ kind: 'paragraph', parts: copyInline(copy.manage, safe, manage) });
  } else {
    body.push({ kind: 'paragraph', parts: copyInline(copy.noMeeting, safe, chat) });
  }
  body.push({ kind: 'panel', lines: [copyInline(copy.reference, safe)] });
  if (echoed.length > 0) body.push({ kind: 'table', caption: copy.chosenCaption, rows: echoed });
  body.push(
    { kind: 'paragraph', parts: copyInline(copy.safety, safe) },
    { kind: 'paragraph', parts: copyInline(copy.signOff, safe) },
  );

  return message('client', view, settings, {
    // No display name: it would be the visitor's own text in the header.
    to: { address: view.lead.fields.email ?? '' },
    replyTo: settings.salesEmail,
    preheader: withMeeting
      ? fillTemplate(copy.preheaderMeeting, withMeeting)
      : fillTemplate(copy.preheader, { ...safe, introduccion: intro }),
    body,
  });
}

/**
 * The team's message. `unscored`: its author refused scoring, so no score, priority, revenue estimate or
 * advice drawn from them appears anywhere in it.
 */
function internalMessage(view: Prepared, settings: EmailSettings, unscored: boolean): EmailMessage {
  const { lead, meeting, analysis, consultant, reference } = view;
  const { client, calendar, internal } = view.variables;
  const { internal: copy } = settings.copy;
  const who = lead.fields.company ? `${client.nombre_cliente} (${lead.fields.company})` : client.nombre_cliente;
  const title = `${copy.heading[lead.kind]}: ${who}`;
  const summary = unscored
    ? fillTemplate(copy.unscoredSummary, { referencia: reference })
    : fillTemplate(copy.summary, {
        prioridad: internal.prioridad,
        puntuacion: internal.lead_score,
        referencia: reference,
      });

  const safe = { marca: settings.brandName, referencia: reference };
  const replySubject = fillTemplate(copy.replySubject, safe);
  const replyGreeting = fillTemplate(copy.replyGreeting, { ...safe, cliente: client.nombre_cliente });
  const actions = [
    {
      href: `mailto:${lead.fields.email ?? ''}?subject=${encodeURIComponent(replySubject)}&body=${encodeURIComponent(`${replyGreeting}\n\n`)}`,
      label: copy.replyButton,
    },
  ];
  if (lead.fields.phone)
    actions.push({ href: whatsappLink(lead.fields.phone, replyGreeting), label: copy.whatsappButton });
  if (meeting?.videoUrl) actions.push({ href: meeting.videoUrl, label: copy.joinButton });
  if (meeting) actions.push({ href: calendar.google_calendar_link, label: copy.calendarButton });

  const rows = copy.analysisRows;
  const analysisRows: TableRow[] = [
    ...(unscored
      ? []
      : [
          { label: rows.score, value: fillTemplate(copy.scoreOutOf, { puntuacion: internal.lead_score }) },
          { label: rows.priority, value: internal.prioridad },
          { label: rows.revenue, value: internal.estimacion_ingresos },
        ]),
    { label: rows.consultant, value: internal.consultor_recomendado },
    { label: rows.assignee, value: internal.asignado_a },
  ];
  const record = copy.recordRows;
  const recordRows: TableRow[] = [
    { label: record.reference, value: reference },
    { label: record.leadId, value: internal.lead_id },
    { label: record.folder, value: internal.folder_id },
    { label: record.originPage, value: internal.pagina_origen },
    { label: record.receivedAt, value: internal.fecha_contacto },
    { label: record.meeting, value: meeting ? meetingWhen(meeting, settings) : LEAD_FALLBACKS.notSpecified },
    { label: record.videoCall, value: calendar.google_meet_link },
  ];
  const reasons = analysis.reasons.map(
    (reason) => `${reason.points > 0 ? '+' : ''}${reason.points} ${reason.description}`,
  );

  const body: Block[] = [
    { kind: 'heading', text: title },
    { kind: 'paragraph', parts: [{ strong: summary }] },
    { kind: 'buttons', links: actions },
  ];
  if (meeting) {
    body.push({
      kind: 'panel',
      title: copy.meetingTitle,
      lines: [
        copyInline(copy.meetingLine, {
          reunion: meetingWhen(meeting, settings),
          consultor: consultant.name,
          archivo: ICS_FILENAME,
        }),
      ],
    });
  }
  body.push(
    { kind: 'subheading', text: copy.analysisHeading },
    { kind: 'table', caption: copy.analysisCaption, rows: analysisRows },
  );
  if (unscored) body.push({ kind: 'paragraph', parts: copyInline(copy.unscored) });
  else {
    body.push({
      kind: 'paragraph',
      parts: copyInline(reasons.length > 0 ? copy.adjusted : copy.unadjusted, { base: LEAD_SCORE_DEFAULT }),
    });
    if (reasons.length > 0) body.push({ kind: 'list', items: reasons });
    body.push({ kind: 'paragraph', parts: copyInline(copy.nextStep, { recomendacion: analysis.recommendation }) });
  }
  body.push(
    { kind: 'subheading', text: copy.recordHeading },
    { kind: 'table', caption: copy.recordCaption, rows: recordRows },
    { kind: 'subheading', text: copy.fieldsHeading },
    {
      kind: 'table',
      caption: copy.fieldsCaption,
      rows: view.rows.map(({ label, value, long }) => ({ label, value, long })),
    },
  );

  return message('internal', view, settings, {
    to: { address: settings.salesEmail },
    replyTo: lead.fields.email ?? settings.salesEmail,
    preheader: `${title}. ${summary}`,
    body,
  });
}

/**
 * Both messages of a lead, `[client, internal]`; `links` is its meeting's record (the manage link goes only
 * into the client's message). The client reads theirs in `options.language`, the language of the page they
 * wrote from; the team reads its own in the default one.
 */
export function buildEmailMessages(
  lead: Lead,
  settings: EmailSettings,
  links?: MeetingLinks,
  options: { unscored?: boolean; language?: string | undefined } = {},
): [EmailMessage, EmailMessage] {
  const prepared = (each: EmailSettings): Prepared => {
    const view = prepareLead(lead, each, links);
    return { ...view, variables: emailVariables(view, each), links };
  };
  const client = inLanguage(settings, options.language);
  return [
    clientMessage(prepared(client), client),
    internalMessage(prepared(settings), settings, options.unscored === true),
  ];
}
