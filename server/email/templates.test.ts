import { describe, expect, it } from 'vitest';
import { buildIcs, foldIcsLine, googleCalendarLink, icsText, meetingTimes } from '../lead/calendar.ts';
import { escapeHtml } from '../escape-html.ts';
import type { Lead } from '../lead/model.ts';
import { prepareLead } from '../lead/view.ts';
import { EMAIL_PREVIEW_SAMPLES, PREVIEW_SETTINGS, renderEmailPair, renderEmailPreview } from './samples.ts';
import { emailSettings } from './settings.ts';
import { emailSubject } from './subjects.ts';
import { buildEmailMessages } from './templates.ts';
import { EMAIL_VARIABLES, emailVariables as variablesOfView } from './variables.ts';

const settings = emailSettings();
const emailVariables = (lead: Lead, from = settings) => variablesOfView(prepareLead(lead, from), from);

const smallLead: Lead = {
  id: 7,
  kind: 'small',
  originPage: '/',
  receivedAt: '2026-11-23T16:12:00.000Z',
  fields: { name: 'Lucía Hernández', email: 'lucia@ferremax.mx', message: 'Hola' },
};

describe('subjects', () => {
  it.each([
    ['small', 'client', 'Hemos recibido tu mensaje - Angram'],
    ['big', 'client', 'Hemos recibido tu mensaje - Angram'],
    ['project', 'client', 'Confirmación de Proyecto - Angram'],
    ['consultancy', 'client', 'Solicitud de Consultoría Recibida - Angram'],
    ['small', 'internal', 'Nuevo Contacto Recibido - Angram'],
    ['big', 'internal', 'Nuevo Contacto Recibido - Angram'],
    ['project', 'internal', 'Nuevo Proyecto Registrado - Angram'],
    ['consultancy', 'internal', 'Nueva Solicitud de Consultoría - Angram'],
    [undefined, 'internal', 'Notificación - Angram'],
    ['small', undefined, 'Notificación - Angram'],
  ] as const)('%s, %s: %s', (kind, audience, subject) => {
    expect(emailSubject(settings.copy.subjects, kind, audience, 'Angram')).toBe(subject);
  });
});

describe('template variables', () => {
  it('fills the defaults: No especificada, No disponible, Desconocida', () => {
    const vars = emailVariables({ ...smallLead, originPage: '' }, settings);
    expect(vars.client).toMatchObject({
      nombre_cliente: 'Lucía Hernández',
      empresa_cliente: 'No especificada',
      telefono_cliente: 'No especificada',
      fecha_reunion: 'No especificada',
      mensaje_cliente: 'Hola',
    });
    expect(vars.calendar.google_calendar_link).toBe('No disponible');
    expect(vars.calendar.google_meet_link).toBe('No disponible');
    expect(vars.internal).toMatchObject({
      pagina_origen: 'Desconocida',
      estimacion_ingresos: 'No disponible',
      asignado_a: 'Equipo de Ventas',
      lead_id: '7',
      referencia_id: 'CONT-7',
      folder_id: '2026-11/CONT-7',
      fecha_contacto: '23/11/2026 10:12',
    });
  });

  it('writes dates as dd/mm/yyyy HH:mm in Mexico City time', () => {
    const vars = emailVariables(
      { ...smallLead, fields: { ...smallLead.fields, appointmentDate: '2026-11-25T10:00' } },
      settings,
    );
    expect(vars.client.fecha_reunion).toBe('25/11/2026 10:00');
    // 05:30 UTC is still the previous evening in Mexico City.
    expect(
      emailVariables({ ...smallLead, receivedAt: '2026-12-01T05:30:00.000Z' }, settings).internal.fecha_contacto,
    ).toBe('30/11/2026 23:30');
  });

  it('uses option labels, not ids, and the project fields', () => {
    const [sample] = EMAIL_PREVIEW_SAMPLES.filter((candidate) => candidate.lead.kind === 'project');
    const vars = emailVariables(sample!.lead, settings);
    expect(vars.client).toMatchObject({
      tipo_proyecto: 'Tienda en línea (e-commerce)',
      presupuesto: '$100,000 - $300,000 MXN',
      timeline: 'Corto plazo (1 a 3 meses)',
      nivel_urgencia: 'Alta: necesito arrancar este mes',
      vision_proyecto: sample!.lead.fields.description,
      situacion_actual: sample!.lead.fields.currentSituation,
      telefono_cliente: '+523312345678',
    });
    expect(vars.internal.estimacion_ingresos).toBe('$200,000 MXN');
  });

  it('describes consultancy leads', () => {
    const sample = EMAIL_PREVIEW_SAMPLES.find((candidate) => candidate.id === 'consultoria-cliente')!;
    const vars = emailVariables(sample.lead, settings);
    expect(vars.client.tipo_consultoria).toBe('Auditoría de infraestructura');
    expect(vars.client.objetivos).toBe(sample.lead.fields.goals);
    expect(vars.calendar).toMatchObject({
      nombre_consultor: 'Rodrigo Salinas',
      puesto_consultor: 'Líder de Ingeniería Cloud',
    });
    expect(vars.internal.estimacion_ingresos).toBe('$5,000 USD');
  });

  it('gives a lead score between 0 and 100, with priority', () => {
    for (const sample of EMAIL_PREVIEW_SAMPLES) {
      const score = Number(emailVariables(sample.lead, settings).internal.lead_score);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
    // Default 75, minus 10 for no company: a bare small contact.
    expect(emailVariables(smallLead, settings).internal).toMatchObject({ lead_score: '65', prioridad: 'Media' });
  });

  it('documents the variables per form type as data', () => {
    expect(EMAIL_VARIABLES.client[1].map((variable) => variable.name)).toEqual([
      'nombre_cliente',
      'email_cliente',
      'empresa_cliente',
      'mensaje_cliente',
      'fecha_reunion',
    ]);
    expect(EMAIL_VARIABLES.calendar.map((variable) => variable.name)).toEqual([
      'google_calendar_link',
      'google_meet_link',
      'nombre_consultor',
      'puesto_consultor',
    ]);
    expect(EMAIL_VARIABLES.internal).toHaveLength(10);
    for (const table of [
      ...Object.values(EMAIL_VARIABLES.client),
      EMAIL_VARIABLES.calendar,
      EMAIL_VARIABLES.internal,
    ]) {
      for (const variable of table) expect(variable.description.length).toBeGreaterThan(10);
    }
  });
});

describe('messages', () => {
  it('escapes every piece of user text in the internal HTML', () => {
    const hostile: Lead = {
      ...smallLead,
      fields: {
        name: '<script>alert(1)</script>',
        email: 'x@y.mx',
        company: '"><img src=x onerror=alert(1)>',
        message: 'a & b <b>',
      },
    };
    for (const message of buildEmailMessages(hostile, settings)) {
      expect(message.html).not.toContain('<script>');
      expect(message.html).not.toContain('<img');
    }
    const [, internal] = buildEmailMessages(hostile, settings);
    expect(internal.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(internal.html).toContain('a &amp; b &lt;b&gt;');
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });

  it('never repeats what the visitor typed in the confirmation, which goes to any address the form was given', () => {
    const bait = 'Tu cuenta fue suspendida: entra a https://phish.example';
    for (const sample of EMAIL_PREVIEW_SAMPLES) {
      const typed = {
        name: `${bait} (nombre)`,
        company: `${bait} (empresa)`,
        message: bait,
        description: bait,
        challenges: bait,
        goals: bait,
        currentSituation: bait,
        currentSystems: bait,
        businessGoals: bait,
        migrationGoals: bait,
      };
      const lead: Lead = {
        ...sample.lead,
        fields: {
          ...sample.lead.fields,
          ...Object.fromEntries(
            Object.keys(typed)
              .filter((key) => key in sample.lead.fields || key === 'name')
              .map((key) => [key, typed[key as keyof typeof typed]]),
          ),
        },
      };
      const [client, internal] = buildEmailMessages(lead, settings);
      for (const part of [
        client.html,
        client.text,
        client.subject,
        client.to.name ?? '',
        ...client.attachments.map((file) => file.content),
      ]) {
        expect(part).not.toContain('phish.example');
      }
      expect(internal.text).toContain('phish.example');
    }
  });

  it('echoes the choices from the site lists and the phone back to the client', () => {
    const lead = EMAIL_PREVIEW_SAMPLES.find((sample) => sample.id === 'contacto-completo-interno')!.lead;
    const [client] = buildEmailMessages(lead, settings);
    expect(client.text).toContain('App móvil (iOS y Android)');
    expect(client.text).toContain('+528187654321');
    expect(client.text).not.toContain('Jorge');
  });

  it('puts the analysis, action buttons and revenue only in the internal message', () => {
    const lead = EMAIL_PREVIEW_SAMPLES.find((sample) => sample.id === 'contacto-completo-interno')!.lead;
    const [client, internal] = buildEmailMessages(lead, settings);
    for (const marker of [
      'Análisis preliminar',
      'Responder por correo',
      'Escribir por WhatsApp',
      'Estimación de ingresos',
    ]) {
      expect(internal.html).toContain(marker);
      expect(client.html).not.toContain(marker);
    }
    expect(internal.html).toContain('https://wa.me/528187654321?text=');
    expect(internal.html).toContain('href="mailto:jtrevino@logisticadelnorte.com.mx?subject=');
    expect(internal.to).toEqual({ address: 'ventas@angram.mx' });
    expect(internal.replyTo).toBe('jtrevino@logisticadelnorte.com.mx');
    expect(client.to).toEqual({ address: 'jtrevino@logisticadelnorte.com.mx' });
    expect(client.text).toContain('Tu referencia es CONT-1042.');
    expect(client.html).toContain('<html lang="es-MX">');
  });

  it('omits WhatsApp when there is no phone', () => {
    const [, internal] = buildEmailMessages(smallLead, settings);
    expect(internal.html).not.toContain('Escribir por WhatsApp');
    expect(internal.attachments).toEqual([]);
  });

  it('adds the calendar link and the .ics invite when a meeting was booked', () => {
    const lead = { ...smallLead, fields: { ...smallLead.fields, appointmentDate: '2026-11-25T10:00' } };
    const [client, internal] = buildEmailMessages(lead, settings);
    for (const message of [client, internal]) {
      expect(message.html).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE&amp;');
      expect(message.html).toContain('miércoles, 25 de noviembre de 2026, 10:00 (hora de la Ciudad de México)');
      expect(message.attachments).toHaveLength(1);
      const ics = message.attachments[0]!;
      expect(ics.filename).toBe('reunion.ics');
      expect(ics.content).toContain('METHOD:REQUEST');
      expect(ics.content).toContain('DTSTART:20261125T160000Z');
      expect(ics.content).toContain('DTEND:20261125T170000Z');
      expect(ics.content).toContain('UID:cont-7-20261125t1000@www.angram.mx');
      expect(ics.content).toContain('ORGANIZER;CN="Angram":mailto:hola@angram.mx');
      expect(ics.content.replace(/\r\n /g, '')).toContain('RSVP=TRUE:mailto:lucia@ferremax.mx');
      expect(ics.content).not.toContain('Lucía');
    }
  });

  it("gives both messages the meeting's video call and only the client's the manage link", () => {
    const lead = { ...smallLead, fields: { ...smallLead.fields, appointmentDate: '2026-11-25T10:00' } };
    const video = 'https://meet.jit.si/angram-00112233445566778899aabbccddeeff';
    const manage = 'https://www.angram.mx/reunion?t=abc';
    const [client, internal] = buildEmailMessages(lead, settings, {
      videoUrl: video,
      uid: 'cont-7-20261125t1000@www.angram.mx',
      sequence: 0,
      manageUrl: manage,
    });
    for (const message of [client, internal]) {
      expect(message.html).toContain(`href="${video}"`);
      expect(message.text).toContain(video);
      const ics = message.attachments[0]!.content.replace(/\r\n /g, '');
      expect(ics).toContain(`LOCATION:${video}`);
      expect(ics).toContain(`URL;VALUE=URI:${video}`);
      expect(ics).toContain(`Videollamada: ${video}`);
      expect(ics).toContain('SEQUENCE:0');
    }
    expect(client.html).toContain('Entrar a la videollamada');
    expect(client.html).toContain(`href="${manage}"`);
    expect(internal.html).not.toContain(manage);
    expect(internal.text).not.toContain(manage);
  });
});

describe('calendar helpers', () => {
  const { start, end } = meetingTimes('2026-11-25T10:00');
  const meeting = {
    slot: '2026-11-25T10:00',
    start,
    end,
    title: 'Reunión Angram',
    description: 'Uno, dos; tres\nfin',
    location: 'https://meet.jit.si/angram-0123456789abcdef0123456789abcdef',
    videoUrl: 'https://meet.jit.si/angram-0123456789abcdef0123456789abcdef',
    reminder: 'Reunión con Angram en 30 minutos',
  };

  it('builds the Google Calendar template link in UTC', () => {
    const url = new URL(googleCalendarLink(meeting));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261125T160000Z/20261125T170000Z');
    expect(url.searchParams.get('text')).toBe('Reunión Angram');
    expect(url.searchParams.get('ctz')).toBe('America/Mexico_City');
  });

  it('escapes and folds iCalendar text', () => {
    expect(icsText('Uno, dos; tres\\ \nfin')).toBe('Uno\\, dos\\; tres\\\\ \\nfin');
    const folded = foldIcsLine(`DESCRIPTION:${'ñ'.repeat(80)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'ñ'.repeat(80)}`);
  });

  it('uses CRLF line endings', () => {
    const ics = buildIcs({
      uid: 'x@angram.mx',
      stamp: new Date('2026-11-23T16:00:00Z'),
      meeting,
      organizer: { name: 'Angram', email: 'hola@angram.mx' },
      attendee: { email: 'ana@x.mx' },
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('DTSTAMP:20261123T160000Z');
  });
});

describe('preview samples for the wiki', () => {
  it('has six samples covering form types 1 to 4 and both audiences', () => {
    expect(EMAIL_PREVIEW_SAMPLES).toHaveLength(6);
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => sample.lead.kind))).toEqual(
      new Set(['small', 'big', 'project', 'consultancy']),
    );
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => sample.audience))).toEqual(new Set(['client', 'internal']));
    expect(new Set(EMAIL_PREVIEW_SAMPLES.map((sample) => sample.id)).size).toBe(6);
  });

  it('renders each one with the subject of its form type and audience', () => {
    for (const sample of EMAIL_PREVIEW_SAMPLES) {
      const preview = renderEmailPreview(sample);
      expect(preview.audience).toBe(sample.audience);
      expect(preview.subject).toBe(emailSubject(settings.copy.subjects, sample.lead.kind, sample.audience, 'Angram'));
      expect(preview.text).toContain(`CONT-${sample.lead.id}`);
      const pair = renderEmailPair(sample, PREVIEW_SETTINGS);
      expect(pair.client.subject).not.toBe(pair.internal.subject);
    }
  });
});

describe('build-time safety (the wiki imports the templates)', () => {
  it('keeps the template modules free of I/O, the database and the mailer', async () => {
    const { readFileSync } = await import('node:fs');
    const pure = [
      '../lead/analysis',
      '../lead/calendar',
      '../lead/consultants',
      './document',
      './html',
      './layout',
      '../lead/fields',
      './samples',
      './subjects',
      './templates',
      './variables',
    ];
    for (const name of pure) {
      const source = readFileSync(new URL(`${name}.ts`, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      for (const specifier of imports) {
        expect(specifier, `${name}.ts imports ${specifier}`).not.toMatch(
          /^node:|nodemailer|\/db\/|\/api\/|transport|outbox/,
        );
      }
    }
  });
});
