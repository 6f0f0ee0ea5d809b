/** The inbox list, a lead and its actions, the CSV export, meetings and the dashboard. */
import { addDays, todayInMexicoCity, zonedTimeToUtc } from '../../../core/dates.ts';
import type { StoredLead } from '../../db/leads.ts';
import { analyzeLead } from '../../lead/analysis.ts';
import { consultantFor } from '../../lead/consultants.ts';
import { CSV_HEADER, leadCsvRow } from '../../lead/csv.ts';
import { csvRow, UTF8_BOM } from '../../lead/csv-cells.ts';
import { prepareLead } from '../../lead/view.ts';
import { inboxMeeting, meetingCard, meetingHistory, meetingLinks } from '../../meetings/inbox.ts';
import {
  actorOf,
  type AdminServices,
  noticeFrom,
  pageContext,
  render,
  sessionCsrf,
  type SignedIn,
  withNotice,
} from '../context.ts';
import { contactVersion } from '../../privacy/service.ts';
import { leadPrivacySection } from '../views/privacy.ts';
import { parseListQuery } from '../filters.ts';
import { ADMIN_HEADERS, field, HttpError, redirect, type FormFields } from '../http.ts';
import { canMove, checkStatusChange } from '../lifecycle.ts';
import { leadPath } from '../paths.ts';
import { originBreakdown } from '../attribution-stats.ts';
import { buildDashboard, DASHBOARD_WEEK_CHOICES, DEFAULT_DASHBOARD_WEEKS, lastWeeks } from '../stats.ts';
import { LeadNotFoundError, StaleLeadError, TransitionError } from '../store/work.ts';
import type { FieldErrors } from '../views/components.ts';
import { dashboardPage } from '../views/dashboard.ts';
import { inboxPage } from '../views/inbox.ts';
import { leadPage, NOTE_MAX_LENGTH, type LeadFormName } from '../views/lead.ts';
import { MEETINGS_DAYS_AHEAD, meetingsPage } from '../views/meetings.ts';
import type { Notice } from '../views/layout.ts';

const STALE_MESSAGE = 'Otra persona cambió este lead mientras lo veías. Revisa cómo quedó y vuelve a intentarlo.';

export async function showInbox(services: AdminServices, state: SignedIn): Promise<void> {
  const { filter, page, problems } = parseListQuery(state.url.searchParams);
  const [{ rows, total }, users] = await Promise.all([services.work.list(filter, page), services.users.list()]);
  const scores = new Map(rows.map((row) => [row.id, analyzeLead(row, services.leadSettings).score]));
  const notice = noticeFrom(state.url);
  render(
    state,
    200,
    inboxPage(pageContext(services, state), {
      rows,
      scores,
      total,
      page,
      filter,
      problems,
      users,
      ...(notice ? { notice } : {}),
    }),
  );
}

/** The lead id of a path, or a 404. */
export function leadId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, 'No existe ese lead.');
  return id;
}

export async function loadLead(services: AdminServices, id: number): Promise<StoredLead> {
  const lead = await services.work.lead(id);
  if (!lead) throw new HttpError(404, 'No existe ese lead.');
  return lead;
}

export async function showLeadPage(
  services: AdminServices,
  state: SignedIn,
  lead: StoredLead,
  status: number,
  extra: {
    notice?: Notice;
    failed?: { form: LeadFormName; errors: FieldErrors; values: Readonly<Record<string, string>> };
    /** The rectification form's errors and values (./privacy.ts). */
    rectification?: { errors: FieldErrors; values: Readonly<Record<string, string>> };
    meetingFailed?: { errors: FieldErrors; slot: string };
  } = {},
): Promise<void> {
  const [leadState, events, emails, users, privacy, meeting] = await Promise.all([
    services.work.state(lead.id),
    services.work.events(lead.id),
    services.work.emails(lead.id),
    services.users.list(),
    services.privacy.leadPrivacy(lead.id),
    inboxMeeting(services.meetings, lead.id, state.now),
  ]);
  const assignee = leadState.assigneeId === null ? undefined : users.find((user) => user.id === leadState.assigneeId);
  const booked = prepareLead(lead, services.leadSettings, meetingLinks(meeting));
  // A cancelled meeting is no meeting in the contact card; the meeting's own card tells what happened.
  const prepared = meeting?.record.status === 'cancelled' ? { ...booked, meeting: undefined } : booked;
  const notice = extra.notice ?? noticeFrom(state.url);
  render(
    state,
    status,
    leadPage(pageContext(services, state), {
      lead,
      prepared,
      state: leadState,
      assignee,
      defaultAssignee: services.leadSettings.assignee,
      users: users.filter((user) => user.active),
      events,
      emails,
      ...(meeting
        ? {
            meeting: {
              card: meetingCard(lead.id, meeting, sessionCsrf(services, state.auth), extra.meetingFailed),
              history: meetingHistory(meeting),
            },
          }
        : {}),
      ...(notice ? { notice } : {}),
      ...(extra.failed ? { failed: extra.failed } : {}),
      privacy: leadPrivacySection(pageContext(services, state), {
        leadId: lead.id,
        contact: { name: lead.name, email: lead.email, company: lead.company ?? null, phone: lead.phone ?? null },
        version: contactVersion({
          name: lead.name,
          email: lead.email,
          company: lead.company ?? null,
          phone: lead.phone ?? null,
        }),
        privacy,
        ...(extra.rectification ? { form: extra.rectification } : {}),
      }),
    }),
  );
}

export async function showLead(services: AdminServices, state: SignedIn, params: readonly string[]): Promise<void> {
  await showLeadPage(services, state, await loadLead(services, leadId(params[0])), 200);
}

function versionOf(form: FormFields): number {
  const version = Number(form.get('version'));
  return Number.isSafeInteger(version) && version >= 0 ? version : -1;
}

const valuesOf = (form: FormFields, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, form.get(name) ?? '']));

async function refuseStale(services: AdminServices, state: SignedIn, lead: StoredLead): Promise<void> {
  await showLeadPage(services, state, lead, 409, { notice: { tone: 'error', message: STALE_MESSAGE } });
}

export async function changeStatus(
  services: AdminServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  const current = await services.work.state(lead.id);
  const version = versionOf(form);
  if (version !== current.version) return refuseStale(services, state, lead);
  const checked = checkStatusChange(current.status, {
    to: form.get('status'),
    reason: form.get('reason'),
    detail: form.get('detail'),
  });
  if (!checked.ok) {
    return showLeadPage(services, state, lead, 422, {
      failed: {
        form: 'status',
        errors: { [checked.field]: checked.message },
        values: valuesOf(form, ['status', 'reason', 'detail']),
      },
    });
  }
  try {
    await services.work.changeStatus(lead.id, checked.change, state.auth.user.id, version, state.now, (from) =>
      canMove(from, checked.change.to),
    );
  } catch (error) {
    if (error instanceof StaleLeadError || error instanceof TransitionError) return refuseStale(services, state, lead);
    throw error;
  }
  redirect(state.res, withNotice(leadPath(lead.id), 'estado', '#seguimiento'));
}

export async function assignLead(
  services: AdminServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  const [current, users] = await Promise.all([services.work.state(lead.id), services.users.list()]);
  const version = versionOf(form);
  if (version !== current.version) return refuseStale(services, state, lead);
  const chosen = form.get('assignee') ?? '';
  const target = chosen === 'none' ? null : users.find((user) => user.active && String(user.id) === chosen);
  if (target === undefined) {
    return showLeadPage(services, state, lead, 422, {
      failed: { form: 'assignee', errors: { assignee: 'Elige una persona activa de la lista.' }, values: {} },
    });
  }
  const from = users.find((user) => user.id === current.assigneeId)?.name ?? '';
  try {
    await services.work.assign(lead.id, target?.id ?? null, state.auth.user.id, version, state.now, {
      from,
      to: target?.name ?? '',
    });
  } catch (error) {
    if (error instanceof StaleLeadError) return refuseStale(services, state, lead);
    throw error;
  }
  redirect(state.res, withNotice(leadPath(lead.id), 'asignado', '#seguimiento'));
}

export async function addNote(
  services: AdminServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  const note = field(form, 'note');
  const length = Array.from(note).length;
  const problem =
    length === 0
      ? 'Escribe la nota.'
      : length > NOTE_MAX_LENGTH
        ? `La nota puede tener como máximo ${NOTE_MAX_LENGTH} caracteres.`
        : undefined;
  if (problem)
    return showLeadPage(services, state, lead, 422, {
      failed: { form: 'note', errors: { note: problem }, values: { note: form.get('note') ?? '' } },
    });
  try {
    await services.work.addNote(lead.id, state.auth.user.id, note, state.now);
  } catch (error) {
    if (error instanceof LeadNotFoundError) throw new HttpError(404, 'No existe ese lead.');
    throw error;
  }
  redirect(state.res, withNotice(leadPath(lead.id), 'nota', '#historial'));
}

/** The CSV of the inbox's current filter, in the format of `npm run leads:export`. */
export async function exportCsv(services: AdminServices, state: SignedIn): Promise<void> {
  const { filter } = parseListQuery(state.url.searchParams);
  const { res } = state;
  res.writeHead(200, {
    ...ADMIN_HEADERS,
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="leads-${todayInMexicoCity(state.now)}.csv"`,
  });
  if (state.req.method === 'HEAD') {
    res.end();
    return;
  }
  res.write(`${UTF8_BOM}${csvRow(CSV_HEADER)}`);
  let count = 0;
  for await (const lead of services.work.matching(filter)) {
    // Respect the socket's pace: a large export never piles up in memory.
    if (!res.write(leadCsvRow(lead, services.leadSettings))) await new Promise((resolve) => res.once('drain', resolve));
    count += 1;
  }
  res.end();
  services.logger.info('admin.export', { account: state.auth.user.id, leads: count });
  await services.audit.record({
    actor: actorOf(services, state),
    action: 'csv_export',
    detail: { leads: count },
    at: state.now,
  });
}

export async function showMeetings(services: AdminServices, state: SignedIn): Promise<void> {
  const today = todayInMexicoCity(state.now);
  const meetings = await services.work.meetings(`${today}T00:00`, `${addDays(today, MEETINGS_DAYS_AHEAD)}T23:59`);
  const consultants = new Map(
    meetings.map((meeting) => [meeting.leadId, consultantFor(meeting, services.leadSettings.consultants).name]),
  );
  render(state, 200, meetingsPage(pageContext(services, state), { meetings, consultants }));
}

export async function showDashboard(services: AdminServices, state: SignedIn): Promise<void> {
  const asked = Number(state.url.searchParams.get('weeks'));
  const weeks = (DASHBOARD_WEEK_CHOICES as readonly number[]).includes(asked) ? asked : DEFAULT_DASHBOARD_WEEKS;
  const mondays = lastWeeks(state.now, weeks);
  const since = zonedTimeToUtc(mondays[0] ?? todayInMexicoCity(state.now), '00:00').toISOString();
  const rows = await services.work.dashboardRows(since);
  const dashboard = buildDashboard(rows, mondays);
  render(state, 200, dashboardPage(pageContext(services, state), { dashboard, weeks, origins: originBreakdown(rows) }));
}
