/**
 * The messages of a meeting's life after its booking: moved, cancelled, and the reminders. Each change goes
 * to the client and to the team with the same invite (same UID, the new SEQUENCE; METHOD:REQUEST when it
 * moved, METHOD:CANCEL when cancelled), so every calendar that holds the event moves or drops it by itself.
 * Their wording is content (content/emails.yaml, `meetingChanges`). Pure functions, no I/O.
 *
 * Like the confirmation, the client's messages repeat nothing the visitor typed: the brand, the reference,
 * the meeting and the consultant only.
 */
import { formatAppointmentLong } from '../../core/dates.ts';
import { ROUTES } from '../../core/routes.ts';
import { fillTemplate } from '../../core/text-template.ts';
import { copyInline, type Block } from '../email/document.ts';
import type { EmailAttachment, EmailMessage } from '../email/message.ts';
import { addressOf, inLanguage, type EmailSettings } from '../email/settings.ts';
import { composeMessage, ICS_FILENAME } from '../email/templates.ts';
import { buildIcs, type IcsMethod, type Meeting, type MeetingLinks } from '../lead/calendar.ts';
import { referenceOf, type Lead } from '../lead/model.ts';
import { prepareLead, type LeadView } from '../lead/view.ts';
import type { MeetingRecord } from './store.ts';

/** Who made a change: the client through the manage link, or someone of the team in the inbox. */
export type ChangeActor = { kind: 'client' } | { kind: 'team'; name: string };

export interface MeetingMessageInput {
  lead: Lead;
  /** The meeting as it is now (after the change). */
  meeting: MeetingRecord;
  /** Where the team's copy goes (the lead's account in the inbox, else SALES_EMAIL). */
  internalTo: string;
  /** The client's own link to move or cancel it (a fresh token), when it can still change. */
  manageUrl?: string;
  /** When the message is written (the invite's DTSTAMP). */
  now: Date;
}

export function linksOf(meeting: MeetingRecord, manageUrl?: string): MeetingLinks {
  return {
    videoUrl: meeting.videoUrl,
    slot: meeting.slot,
    uid: meeting.uid,
    sequence: meeting.sequence,
    ...(manageUrl ? { manageUrl } : {}),
  };
}

interface Context {
  view: LeadView & { meeting: Meeting };
  safe: { marca: string; referencia: string };
  reunion: string;
  settings: EmailSettings;
  input: MeetingMessageInput;
}

function context(input: MeetingMessageInput, settings: EmailSettings): Context {
  const view = prepareLead(input.lead, settings, linksOf(input.meeting, input.manageUrl));
  if (!view.meeting) throw new Error(`El lead ${input.lead.id} no tiene reunión`);
  return {
    view: { ...view, meeting: view.meeting },
    safe: { marca: settings.brandName, referencia: referenceOf(input.lead.id) },
    reunion: when(input.meeting.slot, settings),
    settings,
    input,
  };
}

/** "martes, 24 de noviembre de 2026, 10:00 (hora de la Ciudad de México)". */
export function when(slot: string, settings: EmailSettings): string {
  return fillTemplate(settings.copy.meeting.when, { fecha: formatAppointmentLong(slot, settings.locale) });
}

/** The context of the client's message: the settings of the language they wrote in. */
function clientContext(input: MeetingMessageInput, settings: EmailSettings): Context {
  return context(input, inLanguage(settings, input.lead.language));
}

function invite(context: Context, method: IcsMethod): EmailAttachment {
  const { view, settings, input } = context;
  return {
    filename: ICS_FILENAME,
    content: buildIcs({
      uid: input.meeting.uid,
      sequence: input.meeting.sequence,
      method,
      stamp: input.now,
      meeting: view.meeting,
      organizer: { name: settings.brandName, email: addressOf(settings.from) },
      attendee: { email: input.lead.fields.email ?? '' },
      team: { name: settings.brandName, email: settings.salesEmail },
    }),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * Join the call. No Google Calendar link here: it would add a second, separate event that this move never
 * reaches; the invite of the message moves the one the calendar already has.
 */
function callButtons(context: Context, join: string): Block {
  const { meeting } = context.view;
  return { kind: 'buttons', links: meeting.videoUrl ? [{ href: meeting.videoUrl, label: join }] : [] };
}

function clientMessage(
  context: Context,
  subject: string,
  preheader: string,
  body: Block[],
  attachments: EmailAttachment[],
) {
  const { settings, input, safe } = context;
  body.push({ kind: 'paragraph', parts: copyInline(settings.copy.client.signOff, safe) });
  return composeMessage('client', settings, {
    subject,
    // No display name: it would be the visitor's own text in the header.
    to: { address: input.lead.fields.email ?? '' },
    replyTo: settings.salesEmail,
    preheader,
    body,
    attachments,
  });
}

function internalMessage(context: Context, subject: string, body: Block[], attachments: EmailAttachment[]) {
  const { settings, input } = context;
  return composeMessage('internal', settings, {
    subject,
    to: { address: input.internalTo },
    replyTo: input.lead.fields.email ?? settings.salesEmail,
    preheader: subject,
    body,
    attachments,
  });
}

function actorText(actor: ChangeActor, settings: EmailSettings): string {
  const copy = settings.copy.meetingChanges;
  return actor.kind === 'client' ? copy.byClient : fillTemplate(copy.byTeam, { persona: actor.name });
}

/** A change to a booked meeting, as its two e-mails name it (their copy and the invite's method). */
type MeetingChange = 'moved' | 'cancelled';

const INVITE_METHOD: Record<MeetingChange, IcsMethod> = { moved: 'REQUEST', cancelled: 'CANCEL' };

/** What a change's e-mails say after their heading and opening line, for the client and for the team. */
interface ChangeBlocks {
  /** The values the opening lines fill in (the meeting's time, the previous one, the consultant). */
  values: (ctx: Context) => Record<string, string>;
  client: (toClient: Context) => Block[];
  internal: (ctx: Context) => Block[];
}

/**
 * The two e-mails of a change: the client's in the client's language, the team's in Spanish, each opening with
 * the change's heading and who made it, and carrying the invite that updates or removes the calendar event.
 */
function changeMessages(
  input: MeetingMessageInput & { actor: ChangeActor },
  settings: EmailSettings,
  change: MeetingChange,
  blocks: ChangeBlocks,
): [EmailMessage, EmailMessage] {
  const product = settings.brandName;
  const method = INVITE_METHOD[change];

  const toClient = clientContext(input, settings);
  const clientCopy = toClient.settings.copy.meetingChanges;
  const clientHeading = fillTemplate(clientCopy[change].client.heading, toClient.safe);
  const clientBody: Block[] = [
    { kind: 'heading', text: clientHeading },
    {
      kind: 'paragraph',
      parts: copyInline(
        clientCopy[change].client[input.actor.kind === 'client' ? 'byClient' : 'byTeam'],
        blocks.values(toClient),
      ),
    },
    ...blocks.client(toClient),
  ];

  const ctx = context(input, settings);
  const copy = settings.copy.meetingChanges;
  const internalBody: Block[] = [
    { kind: 'heading', text: copy[change].internal.heading },
    {
      kind: 'paragraph',
      parts: copyInline(copy[change].internal.line, { ...blocks.values(ctx), quien: actorText(input.actor, settings) }),
    },
    ...blocks.internal(ctx),
  ];
  return [
    clientMessage(toClient, fillTemplate(clientCopy.subjects[change].client, { product }), clientHeading, clientBody, [
      invite(toClient, method),
    ]),
    internalMessage(
      ctx,
      fillTemplate(copy.subjects[change].internal, { product, referencia: ctx.safe.referencia }),
      internalBody,
      [invite(ctx, method)],
    ),
  ];
}

/** The meeting's time and its consultant, as the opening lines of a change name them. */
const meetingValues = (ctx: Context, previous: string) => ({
  ...ctx.safe,
  reunion: ctx.reunion,
  anterior: previous,
  consultor: ctx.view.consultant.name,
  puesto: ctx.view.consultant.role,
});

/** The meeting moved from `previousSlot`: `[client, internal]`, each with the updated invite. */
export function movedMessages(
  input: MeetingMessageInput & { previousSlot: string; actor: ChangeActor },
  settings: EmailSettings,
): [EmailMessage, EmailMessage] {
  return changeMessages(input, settings, 'moved', {
    values: (ctx) => meetingValues(ctx, when(input.previousSlot, ctx.settings)),
    client: (toClient) => [
      ...videoPanel(toClient),
      callButtons(toClient, toClient.settings.copy.client.joinButton),
      {
        kind: 'paragraph',
        parts: copyInline(toClient.settings.copy.meetingChanges.updatedInvitation, { archivo: ICS_FILENAME }),
      },
      ...manageParagraph(toClient),
    ],
    internal: (ctx) => [
      callButtons(ctx, settings.copy.internal.joinButton),
      {
        kind: 'paragraph',
        parts: copyInline(settings.copy.meetingChanges.updatedInvitation, { archivo: ICS_FILENAME }),
      },
    ],
  });
}

/** The meeting was cancelled: `[client, internal]`, each with the cancelling invite. */
export function cancelledMessages(
  input: MeetingMessageInput & { actor: ChangeActor },
  settings: EmailSettings,
): [EmailMessage, EmailMessage] {
  const rebook = new URL(ROUTES.startProject, settings.siteUrl).href;
  return changeMessages(input, settings, 'cancelled', {
    values: (ctx) => meetingValues(ctx, ctx.reunion),
    client: (toClient) => {
      const clientCopy = toClient.settings.copy.meetingChanges;
      return [
        { kind: 'paragraph', parts: copyInline(clientCopy.cancelInvitation, { archivo: ICS_FILENAME }) },
        { kind: 'paragraph', parts: copyInline(clientCopy.rebook, toClient.safe, rebook) },
      ];
    },
    internal: () => [
      {
        kind: 'paragraph',
        parts: copyInline(settings.copy.meetingChanges.cancelInvitation, { archivo: ICS_FILENAME }),
      },
    ],
  });
}

/** "en 24 horas", "en una hora", "en 30 minutos". */
export function timeLeft(minutesBefore: number, settings: EmailSettings): string {
  const copy = settings.copy.meetingChanges;
  if (minutesBefore === 60) return copy.inOneHour;
  if (minutesBefore % 60 === 0) return fillTemplate(copy.inHours, { horas: minutesBefore / 60 });
  return fillTemplate(copy.inMinutes, { minutos: minutesBefore });
}

/** A reminder `minutesBefore` the meeting, to the client or to the team (no invite: the event is already there). */
export function reminderMessage(
  audience: 'client' | 'internal',
  input: MeetingMessageInput & { minutesBefore: number },
  settings: EmailSettings,
): EmailMessage {
  return audience === 'client'
    ? clientReminder(input, clientContext(input, settings))
    : internalReminder(input, context(input, settings));
}

function clientReminder(input: MeetingMessageInput & { minutesBefore: number }, ctx: Context): EmailMessage {
  const { settings } = ctx;
  const copy = settings.copy.meetingChanges;
  const { consultant } = ctx.view;
  const cuando = timeLeft(input.minutesBefore, settings);
  const values = { ...ctx.safe, reunion: ctx.reunion, consultor: consultant.name, puesto: consultant.role, cuando };
  const heading = fillTemplate(copy.reminder.client.heading, values);
  return clientMessage(
    ctx,
    fillTemplate(copy.subjects.reminder.client, { product: settings.brandName, cuando }),
    heading,
    [
      { kind: 'heading', text: heading },
      { kind: 'paragraph', parts: copyInline(copy.reminder.client.line, values) },
      ...videoPanel(ctx),
      callButtons(ctx, settings.copy.client.joinButton),
      ...manageParagraph(ctx),
    ],
    [],
  );
}

function internalReminder(input: MeetingMessageInput & { minutesBefore: number }, ctx: Context): EmailMessage {
  const { settings } = ctx;
  const copy = settings.copy.meetingChanges;
  const cuando = timeLeft(input.minutesBefore, settings);
  const values = {
    cliente: input.lead.fields.name ?? '',
    referencia: ctx.safe.referencia,
    reunion: ctx.reunion,
    consultor: ctx.view.consultant.name,
    cuando,
  };
  return internalMessage(
    ctx,
    fillTemplate(copy.subjects.reminder.internal, {
      product: settings.brandName,
      referencia: ctx.safe.referencia,
      cuando,
    }),
    [
      { kind: 'heading', text: fillTemplate(copy.reminder.internal.heading, values) },
      { kind: 'paragraph', parts: copyInline(copy.reminder.internal.line, values) },
      callButtons(ctx, settings.copy.internal.joinButton),
    ],
    [],
  );
}

function videoPanel(ctx: Context): Block[] {
  const { meeting } = ctx.view;
  return [
    {
      kind: 'panel',
      lines: [
        [ctx.reunion],
        ...(meeting.videoUrl ? [copyInline(ctx.settings.copy.client.videoCall, { enlace: meeting.videoUrl })] : []),
      ],
    },
  ];
}

function manageParagraph(ctx: Context): Block[] {
  const manage = ctx.input.manageUrl;
  return manage ? [{ kind: 'paragraph', parts: copyInline(ctx.settings.copy.client.manage, ctx.safe, manage) }] : [];
}
