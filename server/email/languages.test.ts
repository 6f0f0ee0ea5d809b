/**
 * A client who wrote from an English page gets their confirmation in English (subject, wording, the
 * meeting's date, field and option names, office hours, the brand line), its invitation titled in English,
 * while the team's e-mail about the same lead stays in Spanish; a Spanish page's client keeps today's
 * Spanish message. The words are read from content/, never quoted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEmailsSchema, type EmailCopy } from '../../core/content/emails.ts';
import { formOptionsSchema } from '../../core/content/form-options.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { formatAppointmentLong } from '../../core/dates.ts';
import { formCopy } from '../../core/forms/copy.ts';
import { optionLabel } from '../../core/forms/options.ts';
import { SITE } from '../../core/site.ts';
import { fillTemplate } from '../../core/text-template.ts';
import { OPEN_SLOT, startTestApi, US_PROJECT as US_PROJECT_FORM, VALID, type TestApi } from '../testing/api.ts';
import { latestToken, outboxOf } from '../testing/meetings.ts';
import { storedMessage, type EmailMessage } from './message.ts';

const MOVED_SLOT = '2026-11-26T12:00';

/** The English wording of a meeting's changes, as the translation gives it. */
function englishChanges(): EmailCopy['meetingChanges'] {
  return clientEmailsSchema.parse(translations.content.get('en')?.get('emails.yaml')).meetingChanges;
}

const facts = loadContentFacts();
const { translations } = facts;
const english = translations.active.some((language) => language.code === 'en');
const englishMail = translations.content.get('en')?.get('emails.yaml') as
  { subjects: { client: Record<string, string> }; client: { heading: Record<string, string> } } | undefined;
const catalogue = translations.catalogues.get('en') ?? {};
const englishOptions = english
  ? formOptionsSchema.parse(translations.content.get('en')?.get('form-options.yaml'))
  : undefined;

const US_PROJECT = { ...US_PROJECT_FORM, appointmentDate: OPEN_SLOT };

describe.skipIf(!english || !englishMail)('e-mails in the language the client wrote in', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function messagesOf(id: number): Promise<Record<'client' | 'internal', EmailMessage & { subject: string }>> {
    const rows = await t.rows<{ audience: 'client' | 'internal'; message: string }>(
      'SELECT audience, message FROM outbox WHERE lead_id = $1 ORDER BY id',
      id,
    );
    const byAudience = Object.fromEntries(rows.map((row) => [row.audience, JSON.parse(row.message) as EmailMessage]));
    return byAudience as Record<'client' | 'internal', EmailMessage & { subject: string }>;
  }

  it('writes the client in English and the team in Spanish about the same lead', async () => {
    const answer = await t.post('/api/webSite/contactProyect', US_PROJECT, { 'Content-Language': 'en' });
    expect(answer.status).toBe(201);
    const { client, internal } = await messagesOf(Number(answer.body.id));
    const product = SITE.name;

    expect(client.subject).toBe(fillTemplate(englishMail?.subjects.client.project ?? '', { product }));
    expect(client.text).toContain(englishMail?.client.heading.project);
    expect(client.text).not.toContain(facts.emails.client.heading.project);
    expect(client.html).toContain('<html lang="en">');
    expect(internal.html).toContain('<html lang="es-MX">');
    // The meeting's date as English writes it, the field and option names of the English form.
    expect(client.text).toContain(formatAppointmentLong(OPEN_SLOT, 'en'));
    const labels = formCopy(catalogue, 'en').labels;
    const projectType = englishOptions && optionLabel(englishOptions.proyects, US_PROJECT.projectType);
    expect(client.text).toContain(`${labels.projectType}: ${projectType}`);
    expect(client.text).toContain(catalogue.footer?.brandLine);
    // The invitation is titled in English too.
    const invite = client.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
    const title = (translations.content.get('en')?.get('emails.yaml') as { meeting: { title: string } }).meeting.title;
    expect(invite?.content).toContain(
      `SUMMARY:${fillTemplate(title, { marca: product, referencia: '' }).split('(')[0]}`,
    );

    expect(internal.subject).toBe(fillTemplate(facts.emails.subjects.internal.project, { product }));
    expect(internal.text).toContain(formatAppointmentLong(OPEN_SLOT));
    expect(internal.text).not.toContain(englishMail?.client.heading.project);
  });

  it('tells an English client of a move and a cancellation in English, and the team in Spanish', async () => {
    const booked = await t.post(
      '/api/webSite/contactProyect',
      { ...US_PROJECT, email: 'dana@harborlogistics.com', appointmentDate: '2026-11-25T11:00' },
      { 'Content-Language': 'en' },
    );
    expect(booked.status).toBe(201);
    const id = Number(booked.body.id);
    const token = await latestToken(t, id);
    const moved = await t.post('/api/webSite/meetingReschedule', { token, appointmentDate: MOVED_SLOT });
    expect(moved.status).toBe(200);
    expect((await t.post('/api/webSite/meetingCancel', { token: await latestToken(t, id) })).status).toBe(200);

    const changes = englishChanges();
    const product = SITE.name;
    const rows = (await outboxOf(t, id)).slice(2);
    expect(rows.map((row) => [row.audience, row.subject])).toEqual([
      ['client', fillTemplate(changes.subjects.moved.client, { product })],
      [
        'internal',
        fillTemplate(facts.emails.meetingChanges.subjects.moved.internal, { product, referencia: `CONT-${id}` }),
      ],
      ['client', fillTemplate(changes.subjects.cancelled.client, { product })],
      [
        'internal',
        fillTemplate(facts.emails.meetingChanges.subjects.cancelled.internal, { product, referencia: `CONT-${id}` }),
      ],
    ]);
    const [movedToClient, movedToTeam] = rows.map((row) => storedMessage(row.message));
    expect(movedToClient?.text).toContain(formatAppointmentLong(MOVED_SLOT, 'en'));
    expect(movedToTeam?.text).toContain(formatAppointmentLong(MOVED_SLOT));
  });

  it('keeps the Spanish confirmation for a Spanish page, and for a language the site does not speak', async () => {
    for (const [language, email] of [
      ['es-MX', 'ana@cafeorigen.mx'],
      ['fr', 'claire@boulangerie.fr'],
    ] as const) {
      const answer = await t.post(
        '/api/webSite/contactSmall',
        { ...VALID.small, email },
        { 'Content-Language': language },
      );
      expect(answer.status).toBe(201);
      const { client } = await messagesOf(Number(answer.body.id));
      expect(client.subject).toBe(fillTemplate(facts.emails.subjects.client.small, { product: SITE.name }));
      expect(client.text).toContain(facts.emails.client.heading.small);
    }
  });
});
