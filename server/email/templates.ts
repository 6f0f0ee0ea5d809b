/**
 * The two messages of every stored enquiry, built in one pass from `prepareLead`: one to the person who
 * wrote (confirmation, meeting, reference) and one to the sales team (everything the visitor sent, the
 * preliminary analysis, action buttons and the revenue estimate). Each message is a list of blocks rendered
 * to HTML and to text alike. Pure functions of the lead and the settings: no I/O, so the wiki renders its
 * previews from them at build time.
 *
 * The confirmation goes to whatever address the form was given, so it repeats nothing the visitor typed
 * (no name, company or message): only choices from the site's own lists, the phone as normalised digits,
 * the meeting and the reference. Otherwise the form could mail anyone a text of the sender's choosing
 * from the brand's address.
 */
import { formatAppointmentLong } from '../../core/dates.ts';
import { whatsappLink } from '../../core/contact.ts';
import { findOffer, offerDuration, offerPriceWithKind } from '../../core/offers.ts';
import type { LeadKind } from '../../core/forms/kinds.ts';
import { LEAD_SCORE_DEFAULT } from '../lead/analysis.ts';
import { buildIcs, type Meeting } from '../lead/calendar.ts';
import { renderHtml, renderText, type Block, type TableRow } from './document.ts';
import { layout } from './layout.ts';
import type { EmailLead } from '../lead/fields.ts';
import { addressOf, type EmailSettings } from './settings.ts';
import { emailSubject, type Audience } from './subjects.ts';
import { EMAIL_DEFAULTS, prepareLead, type LeadView } from './variables.ts';

export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailbox {
  name?: string;
  address: string;
}

/** A ready-to-send message; stored as JSON in the outbox. */
export interface EmailMessage {
  audience: Audience;
  from: string;
  to: Mailbox;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
}

const TIME_ZONE_NOTE = 'hora del centro de México';
export const ICS_FILENAME = 'reunion.ics';

function meetingWhen(meeting: Meeting): string {
  return `${formatAppointmentLong(meeting.slot)} (${TIME_ZONE_NOTE})`;
}

function icsFor(view: LeadView, settings: EmailSettings, meeting: Meeting): EmailAttachment {
  const host = new URL(settings.siteUrl).hostname;
  const content = buildIcs({
    uid: `${view.reference.toLowerCase()}-${meeting.slot.replace(/[-:]/g, '').toLowerCase()}@${host}`,
    stamp: new Date(view.lead.receivedAt),
    meeting,
    organizer: { name: settings.brandName, email: addressOf(settings.from) },
    attendee: { email: view.lead.fields.email ?? '' },
  });
  return { filename: ICS_FILENAME, content, contentType: 'text/calendar; charset=utf-8; method=REQUEST' };
}

const CLIENT_HEADINGS: Readonly<Record<LeadKind, string>> = {
  small: 'Recibimos tu mensaje',
  big: 'Recibimos tu mensaje',
  project: 'Recibimos tu proyecto',
  consultancy: 'Recibimos tu solicitud de consultoría',
};

function clientIntro(view: LeadView): string {
  const { calendar, client } = view.variables;
  switch (view.lead.kind) {
    case 'project':
      return 'Gracias por confiarnos tu proyecto. Ya estamos revisando lo que nos compartiste: en menos de 24 horas recibirás una estrategia inicial y una propuesta detallada con alcance, tiempos e inversión.';
    case 'consultancy':
      return `Recibimos tu solicitud de ${client.tipo_consultoria.toLowerCase()}. ${calendar.nombre_consultor} (${calendar.puesto_consultor}) la revisará y te contactará en menos de 24 horas para agendar el diagnóstico.`;
    default:
      return 'Gracias por escribirnos. Un especialista te responderá en menos de 2 horas en horario hábil; como máximo, en 24 horas.';
  }
}

/** "Arquitectura de software: inversión desde $2,500 USD, duración 1-2 semanas." */
function offerNote(view: LeadView, settings: EmailSettings): string | undefined {
  const offer = findOffer(settings.offers, view.lead.fields.serviceType);
  if (!offer) return undefined;
  const support = offer.supportDays ? ` Incluye ${offer.supportDays} días de soporte posterior.` : '';
  return `${offer.label}: inversión ${offerPriceWithKind(offer)}, duración ${offerDuration(offer)}.${support}`;
}

function footerBlocks(settings: EmailSettings, audience: Audience): Block[] {
  const { contact } = settings;
  const site = new URL(settings.siteUrl).hostname;
  const chat = whatsappLink(contact.whatsappNumber, contact.greetings.general);
  return [
    {
      kind: 'paragraph',
      parts: [{ strong: settings.brandName }, ' · Desarrollo de software a la medida · Ciudad de México'],
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
    { kind: 'paragraph', parts: [`Atención: ${contact.supportHours} (${TIME_ZONE_NOTE}).`] },
    {
      kind: 'paragraph',
      parts: [
        audience === 'client'
          ? `Recibiste este correo porque alguien envió un formulario en ${site} con esta dirección.`
          : `Mensaje interno generado por el formulario de ${site}.`,
      ],
    },
  ];
}

function message(
  audience: Audience,
  view: LeadView,
  settings: EmailSettings,
  content: { to: Mailbox; replyTo: string; preheader: string; body: readonly Block[] },
): EmailMessage {
  const subject = emailSubject(view.lead.kind, audience, settings.brandName);
  const footer = footerBlocks(settings, audience);
  return {
    audience,
    from: settings.from,
    to: content.to,
    replyTo: content.replyTo,
    subject,
    html: layout({
      title: subject,
      preheader: content.preheader,
      brandName: settings.brandName,
      bodyHtml: renderHtml(content.body),
      footerHtml: renderHtml(footer),
    }),
    text: `${renderText([...content.body, { kind: 'paragraph', parts: ['--'] }, ...footer])}\n`,
    attachments: view.meeting ? [icsFor(view, settings, view.meeting)] : [],
  };
}

function clientMessage(view: LeadView, settings: EmailSettings): EmailMessage {
  const { meeting, reference } = view;
  const { calendar } = view.variables;
  const intro = clientIntro(view);
  const offer = offerNote(view, settings);
  const chat = whatsappLink(
    settings.contact.whatsappNumber,
    `Hola ${settings.brandName}, les escribo sobre mi solicitud ${reference}.`,
  );
  // Only what the visitor chose from our lists (and the phone, normalised to digits) comes back to them.
  const echoed: TableRow[] = view.rows
    .filter((row) => row.chosen || row.field === 'phone')
    .map(({ label, value }) => ({ label, value }));

  const body: Block[] = [
    { kind: 'heading', text: CLIENT_HEADINGS[view.lead.kind] },
    { kind: 'paragraph', parts: [intro] },
  ];
  if (offer) body.push({ kind: 'paragraph', parts: [offer] });
  if (meeting) {
    body.push(
      {
        kind: 'panel',
        title: 'Tu reunión quedó agendada',
        lines: [
          [meetingWhen(meeting)],
          [
            `Con ${calendar.nombre_consultor}, ${calendar.puesto_consultor}. Te enviaremos el enlace de la videollamada antes de la reunión.`,
          ],
        ],
      },
      { kind: 'buttons', links: [{ href: calendar.google_calendar_link, label: 'Agregar a Google Calendar' }] },
      {
        kind: 'paragraph',
        parts: [`También adjuntamos la invitación (${ICS_FILENAME}) para Outlook o Apple Calendar.`],
      },
    );
  } else {
    body.push({
      kind: 'paragraph',
      parts: [
        '¿Prefieres platicarlo ya? ',
        { href: chat, text: 'Escríbenos por WhatsApp' },
        ' y menciona tu referencia.',
      ],
    });
  }
  body.push({ kind: 'panel', lines: [['Tu referencia es ', { strong: reference }, '. Menciónala si nos escribes.']] });
  if (echoed.length > 0) body.push({ kind: 'table', caption: 'Lo que elegiste en el formulario', rows: echoed });
  body.push(
    {
      kind: 'paragraph',
      parts: [
        'Por tu seguridad, este correo no repite lo que escribiste; tu mensaje completo ya está con nuestro equipo. Si no enviaste tú esta solicitud, ignora este correo.',
      ],
    },
    { kind: 'paragraph', parts: [`Saludos,\nEl equipo de ${settings.brandName}`] },
  );

  return message('client', view, settings, {
    // No display name: it would be the visitor's own text in the header.
    to: { address: view.lead.fields.email ?? '' },
    replyTo: settings.salesEmail,
    preheader: meeting
      ? `Tu reunión: ${meetingWhen(meeting)}. Referencia ${reference}.`
      : `Referencia ${reference}. ${intro}`,
    body,
  });
}

const INTERNAL_HEADINGS: Readonly<Record<LeadKind, string>> = {
  small: 'Nuevo contacto',
  big: 'Nuevo contacto',
  project: 'Nuevo proyecto',
  consultancy: 'Nueva solicitud de consultoría',
};

function internalMessage(view: LeadView, settings: EmailSettings): EmailMessage {
  const { lead, meeting, analysis, consultant, reference } = view;
  const { client, calendar, internal } = view.variables;
  const who = lead.fields.company ? `${client.nombre_cliente} (${lead.fields.company})` : client.nombre_cliente;
  const title = `${INTERNAL_HEADINGS[lead.kind]}: ${who}`;
  const summary = `Prioridad ${internal.prioridad} · Puntuación ${internal.lead_score}/100 · ${reference}`;

  const replySubject = `${reference} · ${settings.brandName}`;
  const replyGreeting = `Hola ${client.nombre_cliente}, te escribimos de ${settings.brandName} sobre tu solicitud ${reference}.`;
  const actions = [
    {
      href: `mailto:${lead.fields.email ?? ''}?subject=${encodeURIComponent(replySubject)}&body=${encodeURIComponent(`${replyGreeting}\n\n`)}`,
      label: 'Responder por correo',
    },
  ];
  if (lead.fields.phone)
    actions.push({ href: whatsappLink(lead.fields.phone, replyGreeting), label: 'Escribir por WhatsApp' });
  if (meeting) actions.push({ href: calendar.google_calendar_link, label: 'Agregar a Google Calendar' });

  const analysisRows: TableRow[] = [
    { label: 'Puntuación (lead_score)', value: `${internal.lead_score}/100` },
    { label: 'Prioridad', value: internal.prioridad },
    { label: 'Estimación de ingresos', value: internal.estimacion_ingresos },
    { label: 'Consultor recomendado', value: internal.consultor_recomendado },
    { label: 'Asignado a', value: internal.asignado_a },
  ];
  const recordRows: TableRow[] = [
    { label: 'Referencia', value: reference },
    { label: 'Lead ID', value: internal.lead_id },
    { label: 'Expediente', value: internal.folder_id },
    { label: 'Página de origen', value: internal.pagina_origen },
    { label: 'Fecha de contacto', value: internal.fecha_contacto },
    { label: 'Reunión', value: meeting ? meetingWhen(meeting) : EMAIL_DEFAULTS.notSpecified },
    { label: 'Videollamada', value: calendar.google_meet_link },
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
      title: 'Reunión agendada',
      lines: [[`${meetingWhen(meeting)} con ${consultant.name}. La invitación (${ICS_FILENAME}) va adjunta.`]],
    });
  }
  body.push(
    { kind: 'subheading', text: 'Análisis preliminar' },
    { kind: 'table', caption: 'Resumen', rows: analysisRows },
    {
      kind: 'paragraph',
      parts: [
        reasons.length > 0
          ? `Puntuación base ${LEAD_SCORE_DEFAULT}, ajustada por:`
          : `Puntuación base ${LEAD_SCORE_DEFAULT}, sin ajustes.`,
      ],
    },
  );
  if (reasons.length > 0) body.push({ kind: 'list', items: reasons });
  body.push(
    { kind: 'paragraph', parts: [{ strong: 'Siguiente paso:' }, ` ${analysis.recommendation}`] },
    { kind: 'subheading', text: 'Datos del registro' },
    { kind: 'table', caption: 'Registro', rows: recordRows },
    { kind: 'subheading', text: 'Lo que envió' },
    {
      kind: 'table',
      caption: 'Campos del formulario',
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

/** Both messages of a lead, `[client, internal]`, from one `prepareLead`. */
export function buildEmailMessages(lead: EmailLead, settings: EmailSettings): [EmailMessage, EmailMessage] {
  const view = prepareLead(lead, settings);
  return [clientMessage(view, settings), internalMessage(view, settings)];
}
