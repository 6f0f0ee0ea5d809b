/**
 * `content/emails.yaml`: the wording of the two messages every lead gets (the confirmation to whoever wrote
 * and the notice to the sales team) and of the meeting invite. Texts take `{name}` placeholders, each text
 * only the ones its schema lists: the confirmation goes to whatever address the form was given, so its
 * texts cannot print anything the visitor typed (a name, a company, a message), or the form would mail
 * anyone a text of the sender's choosing from the brand's address. Two marks shape a paragraph:
 * `**bold**`, and `[link text]` where the code gives the address.
 */
import { z } from 'zod';
import { LEAD_KIND_IDS, type LeadKind } from '../forms/kinds.ts';
import { list, strict, template, text } from './common.ts';

export const EMAILS_FILE = 'content/emails.yaml';

/** A run of a paragraph: plain text, bold text, or the text of the paragraph's one link. */
export type CopyPart = { text: string } | { strong: string } | { link: string };

/** Splits `**bold**` and `[link]` marks; `undefined` when a mark is left open. */
export function copyParts(value: string): CopyPart[] | undefined {
  const parts: CopyPart[] = [];
  let rest = value;
  while (rest.length > 0) {
    const next = /\*\*|\[/.exec(rest);
    if (!next) {
      parts.push({ text: rest });
      break;
    }
    if (next.index > 0) parts.push({ text: rest.slice(0, next.index) });
    const bold = next[0] === '**';
    const close = rest.indexOf(bold ? '**' : ']', next.index + next[0].length);
    if (close < 0) return undefined;
    const inner = rest.slice(next.index + next[0].length, close);
    parts.push(bold ? { strong: inner } : { link: inner });
    rest = rest.slice(close + (bold ? 2 : 1));
  }
  return parts;
}

const braces = (names: readonly string[]) => names.map((name) => `{${name}}`).join(', ');

/**
 * A text that may use only `placeholders`; `link: true` when the code puts a link on its `[…]` part
 * (exactly one then), otherwise no link mark is allowed.
 */
export function copy(what: string, placeholders: readonly string[], marks: { link?: boolean } = {}) {
  return text(what).superRefine((value, context) => {
    for (const [, name = ''] of value.matchAll(/\{(\w*)\}/g)) {
      if (!placeholders.includes(name))
        context.addIssue({
          code: 'custom',
          message:
            placeholders.length > 0
              ? `Usa {${name}}, que este texto no tiene: puede usar ${braces(placeholders)}`
              : `Usa {${name}}, pero este texto no lleva datos variables`,
        });
    }
    const parts = copyParts(value);
    if (!parts) {
      context.addIssue({ code: 'custom', message: 'Falta cerrar un ** o un [ ]' });
      return;
    }
    const links = parts.filter((part) => 'link' in part).length;
    if (marks.link && links !== 1)
      context.addIssue({
        code: 'custom',
        message: 'Se espera un enlace entre corchetes, como [Escríbenos por WhatsApp]',
      });
    if (!marks.link && links > 0)
      context.addIssue({ code: 'custom', message: 'Este texto no lleva enlaces: quita los corchetes' });
  });
}

/** One text per kind of lead. */
function perKind(what: string, placeholders: readonly string[]) {
  const item = copy(what, placeholders);
  return strict(Object.fromEntries(LEAD_KIND_IDS.map((kind) => [kind, item])) as Record<LeadKind, typeof item>);
}

/** What the confirmation may quote: the brand, the reference and facts of our own lists and team. */
const SAFE = ['marca', 'referencia'] as const;
const MEETING = [...SAFE, 'reunion', 'consultor', 'puesto'] as const;
/** A change to a meeting as the client reads it: when it is now, and when it was. */
const CHANGE = [...SAFE, 'reunion', 'anterior', 'consultor', 'puesto'] as const;

/** The three messages of a meeting's life after its booking, each to the client and to the team. */
const lifecycleMessage = (what: string, internal: readonly string[]) =>
  strict({
    client: strict({
      heading: copy(`el título del correo al cliente (${what})`, SAFE),
      /** The client changed it themselves (manage link). */
      byClient: copy(`el primer párrafo si lo hizo el cliente (${what})`, CHANGE),
      /** The team changed it from the inbox, on the client's behalf. */
      byTeam: copy(`el primer párrafo si lo hizo el equipo (${what})`, CHANGE),
    }),
    internal: strict({
      heading: copy(`el título del correo al equipo (${what})`, []),
      line: copy(`la línea del correo al equipo (${what})`, internal),
    }),
  });

export const emailsSchema = strict({
  subjects: strict({
    client: perKind('el asunto del correo al cliente', ['product']),
    internal: perKind('el asunto del correo al equipo', ['product']),
    /** A message re-sent from a row whose kind or audience this code no longer knows. */
    unknown: copy('el asunto de un correo de tipo desconocido', ['product']),
  }),
  meeting: strict({
    title: copy('el título de la reunión en el calendario', SAFE),
    description: list(
      copy('una línea de la descripción', [...SAFE, 'minutos', 'consultor', 'puesto', 'correo', 'telefono', 'enlace']),
      1,
    ),
    location: copy('dónde es la reunión', ['enlace']),
    reminder: copy('el aviso del calendario antes de la reunión', ['marca', 'minutos']),
    /** The meeting's date and time in words, wherever a message gives it. */
    when: copy('la fecha y hora de la reunión', ['fecha']),
  }),
  client: strict({
    heading: perKind('el título del correo', SAFE),
    intro: perKind('el primer párrafo', [...SAFE, 'servicio', 'consultor', 'puesto']),
    offer: copy('la línea del precio del servicio', ['servicio', 'precio', 'duracion']),
    offerSupport: copy('la frase del soporte incluido', ['dias']),
    meetingTitle: copy('el título del recuadro de la reunión', SAFE),
    meetingWith: copy('con quién es la reunión', MEETING),
    calendarButton: copy('el botón de Google Calendar', []),
    joinButton: copy('el botón para entrar a la videollamada', []),
    videoCall: copy('la línea del enlace de la videollamada', ['enlace']),
    manage: copy('la invitación a reprogramar o cancelar', SAFE, { link: true }),
    invitation: copy('la nota de la invitación adjunta', [...SAFE, 'archivo']),
    noMeeting: copy('la invitación a escribir por WhatsApp', SAFE, { link: true }),
    whatsappMessage: copy('el mensaje con el que abre el chat', SAFE),
    reference: copy('el recuadro de la referencia', SAFE),
    chosenCaption: copy('el título de la tabla de opciones elegidas', []),
    safety: copy('la nota de seguridad', SAFE),
    signOff: copy('la despedida', SAFE),
    preheaderMeeting: copy('el avance en la bandeja con reunión', MEETING),
    preheader: copy('el avance en la bandeja sin reunión', [...SAFE, 'introduccion']),
  }),
  internal: strict({
    heading: perKind('el título del correo', []),
    summary: copy('la línea de resumen', ['prioridad', 'puntuacion', 'referencia']),
    replySubject: copy('el asunto de la respuesta por correo', SAFE),
    replyGreeting: copy('el saludo de la respuesta', [...SAFE, 'cliente']),
    replyButton: copy('el botón de responder por correo', []),
    whatsappButton: copy('el botón de WhatsApp', []),
    calendarButton: copy('el botón de Google Calendar', []),
    joinButton: copy('el botón para entrar a la videollamada', []),
    meetingTitle: copy('el título del recuadro de la reunión', []),
    meetingLine: copy('la línea de la reunión', ['reunion', 'consultor', 'archivo']),
    analysisHeading: copy('el subtítulo del análisis', []),
    analysisCaption: copy('el título de la tabla del análisis', []),
    analysisRows: strict({
      score: copy('la etiqueta de la puntuación', []),
      priority: copy('la etiqueta de la prioridad', []),
      revenue: copy('la etiqueta de la estimación de ingresos', []),
      consultant: copy('la etiqueta del consultor recomendado', []),
      assignee: copy('la etiqueta del responsable', []),
    }),
    scoreOutOf: copy('la puntuación sobre 100', ['puntuacion']),
    unscoredSummary: copy('el resumen de una solicitud que no se puntúa', ['referencia']),
    unscored: copy('la frase que reemplaza al análisis de una solicitud que no se puntúa', []),
    adjusted: copy('la frase de la puntuación ajustada', ['base']),
    unadjusted: copy('la frase de la puntuación sin ajustes', ['base']),
    nextStep: copy('el siguiente paso', ['recomendacion']),
    recordHeading: copy('el subtítulo de los datos del registro', []),
    recordCaption: copy('el título de la tabla del registro', []),
    recordRows: strict({
      reference: copy('la etiqueta de la referencia', []),
      leadId: copy('la etiqueta del número de lead', []),
      folder: copy('la etiqueta del expediente', []),
      originPage: copy('la etiqueta de la página de origen', []),
      receivedAt: copy('la etiqueta de la fecha de contacto', []),
      meeting: copy('la etiqueta de la reunión', []),
      videoCall: copy('la etiqueta de la videollamada', []),
    }),
    fieldsHeading: copy('el subtítulo de lo que envió', []),
    fieldsCaption: copy('el título de la tabla de campos', []),
  }),
  /** After the booking: the meeting moved, cancelled, or about to start (content/emails.yaml, `meetingChanges`). */
  meetingChanges: strict({
    subjects: strict({
      moved: strict({
        client: copy('el asunto al cliente (movida)', ['product']),
        internal: copy('el asunto al equipo (movida)', ['product', 'referencia']),
      }),
      cancelled: strict({
        client: copy('el asunto al cliente (cancelada)', ['product']),
        internal: copy('el asunto al equipo (cancelada)', ['product', 'referencia']),
      }),
      reminder: strict({
        client: copy('el asunto al cliente (recordatorio)', ['product', 'cuando']),
        internal: copy('el asunto al equipo (recordatorio)', ['product', 'referencia', 'cuando']),
      }),
    }),
    moved: lifecycleMessage('movida', ['quien', 'referencia', 'reunion', 'anterior', 'consultor']),
    cancelled: lifecycleMessage('cancelada', ['quien', 'referencia', 'anterior', 'consultor']),
    reminder: strict({
      client: strict({
        heading: copy('el título del recordatorio al cliente', [...SAFE, 'cuando']),
        line: copy('el párrafo del recordatorio al cliente', [...MEETING, 'cuando']),
      }),
      internal: strict({
        heading: copy('el título del recordatorio al equipo', ['cuando']),
        line: copy('la línea del recordatorio al equipo', ['cliente', 'referencia', 'reunion', 'consultor', 'cuando']),
      }),
    }),
    /** "en 24 horas", "en 1 hora", "en 30 minutos": how far the meeting is, in a reminder. */
    inHours: copy('cuánto falta, en horas', ['horas']),
    inOneHour: copy('cuánto falta, una hora', []),
    inMinutes: copy('cuánto falta, en minutos', ['minutos']),
    /** Who changed it, in the team's e-mail: the client, or an account of the inbox. */
    byClient: copy('quién lo hizo: el cliente', []),
    byTeam: copy('quién lo hizo: una persona del equipo', ['persona']),
    updatedInvitation: copy('la nota de la invitación actualizada', ['archivo']),
    cancelInvitation: copy('la nota de la invitación que cancela', ['archivo']),
    rebook: copy('la invitación a agendar otra reunión', SAFE, { link: true }),
  }),
  footer: strict({
    brand: copy('la línea de la marca', ['marca', 'lema', 'ciudad']),
    hours: copy('la línea del horario de atención', ['horario']),
    client: copy('por qué recibió el correo el cliente', ['sitio']),
    /** The confirmation's link to the full privacy notice (`{SITE_URL}/aviso-de-privacidad`). */
    privacy: copy('el enlace al aviso de privacidad', [], { link: true }),
    internal: copy('de dónde sale el correo interno', ['sitio']),
  }),
  /** The one-time sign-in link a team member asks for when their account is throttled. */
  signInLink: strict({
    subject: copy('el asunto del correo con el enlace para entrar', ['marca']),
    heading: copy('el título del correo con el enlace para entrar', ['marca']),
    intro: copy('el primer párrafo', ['marca', 'nombre', 'minutos']),
    button: copy('el botón del enlace', []),
    twoStep: copy('la nota de la verificación en dos pasos', []),
    notYou: copy('la nota para quien no lo pidió', ['marca']),
    preheader: copy('el avance en la bandeja', ['marca', 'minutos']),
    footer: copy('de dónde sale el correo', ['sitio']),
  }),
  /** The monitoring's e-mails to `ALERT_EMAIL`: one when an alert opens, one when it recovers. */
  alert: strict({
    opened: strict({
      /** Plain text: corchetes allowed, no marks (a subject shows as typed). */
      subject: template('el asunto de una alerta abierta', ['nivel', 'marca', 'detalle'], { max: 120 }),
      heading: copy('el título de una alerta abierta', ['nivel']),
      since: copy('cuándo se abrió', ['fecha']),
      action: copy('qué hacer (lo dice el nivel)', ['queHacer']),
      once: copy('la nota de que no habrá otro correo de la misma alerta', []),
    }),
    recovered: strict({
      subject: template('el asunto de una alerta resuelta', ['nivel', 'marca', 'detalle'], { max: 120 }),
      heading: copy('el título de una alerta resuelta', ['nivel']),
      intro: copy('el párrafo de una alerta resuelta', ['fecha', 'detalle']),
    }),
    button: copy('el botón que abre el monitoreo', []),
    footer: copy('por qué recibe el correo', ['sitio']),
  }),
});

/**
 * The blocks of the file a client reads (their confirmation, invitation, the meeting's changes and the
 * footer): what another language translates. The team's own messages stay in the default language.
 */
export const CLIENT_EMAIL_BLOCKS = ['subjects', 'meeting', 'client', 'meetingChanges', 'footer'] as const;

export const clientEmailsSchema = emailsSchema.pick({
  subjects: true,
  meeting: true,
  client: true,
  meetingChanges: true,
  footer: true,
} satisfies Record<(typeof CLIENT_EMAIL_BLOCKS)[number], true>);

export type EmailCopy = z.output<typeof emailsSchema>;
export type MeetingCopy = EmailCopy['meeting'];
