/**
 * The meeting's card on a lead's page and the calendar section of the account page, as HTML: valid, no
 * script, what can be done at each moment (move or cancel before it starts, held/missed after), a refused
 * slot shown on its field, and the meeting's changes placed in the lead's history by date.
 */
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { toHtmlString, type Html } from '../html.ts';
import { NEW_LEAD_STATE, type AdminUser } from '../model.ts';
import { accountPage } from './account.ts';
import type { PageContext } from './layout.ts';
import { leadPage } from './lead.ts';
import type { StoredLead } from '../../lead/store.ts';
import { defaultLeadSettings } from '../../lead/settings.ts';
import { prepareLead } from '../../lead/view.ts';
import { calendarSection, meetingCard, meetingHistory, meetingLinks, type InboxMeeting } from './lead-meeting.ts';

const user: AdminUser = {
  id: 2,
  email: 'ana@angram.mx',
  name: 'Ana López',
  role: 'sales',
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastLoginAt: null,
};
const context: PageContext = { user, csrf: 'token-csrf', stylesheetVersion: 'abc' };

const lead: StoredLead = {
  id: 7,
  kind: 'small',
  serviceType: undefined,
  name: 'Luis Pérez',
  email: 'luis@ferremax.mx',
  company: 'Ferremax',
  phone: undefined,
  appointment: '2026-11-25T11:00',
  fields: { name: 'Luis Pérez', email: 'luis@ferremax.mx', appointmentDate: '2026-11-25T10:00' },
  originPage: '/contacto',
  receivedAt: '2026-11-23T16:00:00.000Z',
  clientHash: 'x',
};

const meeting = (status: InboxMeeting['record']['status'], now: string): InboxMeeting => ({
  record: {
    id: 1,
    leadId: 7,
    uid: 'cont-7-20261125t1000@www.angram.mx',
    sequence: 1,
    slot: '2026-11-25T11:00',
    startsAt: '2026-11-25T17:00:00.000Z',
    endsAt: '2026-11-25T18:00:00.000Z',
    status,
    videoUrl: 'https://meet.jit.si/angram-0123456789abcdef0123456789abcdef',
    createdAt: '2026-11-23T16:00:00.000Z',
    updatedAt: '2026-11-23T18:00:00.000Z',
  },
  events: [
    {
      id: 1,
      leadId: 7,
      kind: 'moved',
      actor: 'client',
      userName: null,
      at: '2026-11-23T18:00:00.000Z',
      fromSlot: '2026-11-25T10:00',
      toSlot: '2026-11-25T11:00',
    },
  ],
  freeDays: [{ date: '2026-11-26', times: ['10:00', '12:00'] }],
  now: new Date(now),
});

function page(view: InboxMeeting, failed?: { errors: Record<string, string>; slot: string }): string {
  const settings = defaultLeadSettings();
  return toHtmlString(
    leadPage(context, {
      lead,
      prepared: prepareLead(lead, settings, meetingLinks(view)),
      state: NEW_LEAD_STATE,
      assignee: undefined,
      defaultAssignee: settings.assignee,
      users: [user],
      events: [
        {
          id: 1,
          leadId: 7,
          kind: 'note',
          at: '2026-11-23T17:00:00.000Z',
          userName: 'Ana López',
          fromValue: null,
          toValue: null,
          body: 'Le llamé.',
        },
      ],
      emails: [],
      meeting: { card: meetingCard(7, view, context.csrf, failed), history: meetingHistory(view) },
    }),
  );
}

const validator = new HtmlValidate(new FileSystemConfigLoader());

async function expectValid(document: string): Promise<void> {
  const report = await validator.validateString(`<!DOCTYPE html>\n${document}`, 'inbox.html');
  expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  expect(document).not.toContain('<script');
}

describe('the meeting in the inbox views', () => {
  it('offers moving and cancelling before the meeting, with the current slot and video call', async () => {
    const out = page(meeting('scheduled', '2026-11-24T12:00:00.000Z'));
    await expectValid(out);
    expect(out).toContain('action="/admin/contacts/7/reunion/reprogramar"');
    expect(out).toContain('<option value="2026-11-26T12:00">');
    expect(out).toContain('action="/admin/contacts/7/reunion/cancelar"');
    expect(out).not.toContain('/reunion/realizada');
    expect(out).toContain('href="https://meet.jit.si/angram-0123456789abcdef0123456789abcdef"');
    // The contact card shows where the meeting is now, not the slot first booked.
    expect(out).toContain('miércoles, 25 de noviembre de 2026, 11:00');
    // History, newest first: the client's move (18:00 UTC) above the note (17:00 UTC).
    expect(out.indexOf('El cliente</strong> movió')).toBeLessThan(out.indexOf('agregó una nota'));
  });

  it('shows a refused slot on its field, still chosen', async () => {
    const out = page(meeting('scheduled', '2026-11-24T12:00:00.000Z'), {
      errors: { slot: 'Ese horario acaba de ocuparse. Elige otro horario, por favor.' },
      slot: '2026-11-26T12:00',
    });
    await expectValid(out);
    expect(out).toContain('aria-invalid="true"');
    expect(out).toContain('<option value="2026-11-26T12:00" selected>');
    expect(out).toContain('id="reunion-horario-error"');
  });

  it('offers held and missed once it started, and nothing once cancelled', async () => {
    const started = page(meeting('scheduled', '2026-11-25T17:30:00.000Z'));
    await expectValid(started);
    expect(started).toContain('/reunion/realizada');
    expect(started).toContain('/reunion/no-asistio');
    expect(started).not.toContain('/reunion/reprogramar');
    const cancelled = page(meeting('cancelled', '2026-11-24T12:00:00.000Z'));
    await expectValid(cancelled);
    expect(cancelled).toContain('>Cancelada</span>');
    expect(cancelled).not.toMatch(/\/reunion\/(reprogramar|cancelar|realizada|no-asistio)/);
  });

  it('shows the calendar subscription on the account page, on or off', async () => {
    const render = (calendar: Html) => toHtmlString(accountPage(context, { sessions: 1, calendar }));
    const off = render(calendarSection('c', undefined));
    await expectValid(off);
    expect(off).toContain('name="accion" value="crear"');
    const address = 'https://www.angram.mx/admin/calendario/2-' + 'a'.repeat(43) + '.ics';
    const on = render(calendarSection('c', address));
    await expectValid(on);
    expect(on).toContain(`value="${address}"`);
    expect(on).toContain('name="accion" value="cambiar"');
    expect(on).toContain('name="accion" value="revocar"');
  });
});
