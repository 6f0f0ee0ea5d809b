/** The inbox list, a lead and its actions, the CSV export, meetings and the dashboard. */
import { addDays, todayInMexicoCity, zonedTimeToUtc } from '../../../core/dates.ts';
import { whatsappLink } from '../../../core/contact.ts';
import { fillTemplate } from '../../../core/text-template.ts';
import { REFUSABLE_PURPOSES } from '../../../core/privacy.ts';
import type { StoredLead } from '../../lead/store.ts';
import { analyzeLead } from '../../lead/analysis.ts';
import { consultantFor } from '../../lead/consultants.ts';
import { CSV_HEADER, leadCsvRow } from '../../lead/csv.ts';
import { csvRow, UTF8_BOM } from '../../lead/csv-cells.ts';
import { referenceOf } from '../../lead/model.ts';
import { dialable } from '../../lead/phone.ts';
import { prepareLead } from '../../lead/view.ts';
import { inboxMeeting, meetingCard, meetingHistory, meetingLinks } from '../views/lead-meeting.ts';
import { contactVersion } from '../../privacy/service.ts';
import { originBreakdown } from '../attribution-stats.ts';
import {
  actorOf,
  type AdminServices,
  type PageServices,
  type NoticeKey,
  noticeFrom,
  pageContext,
  render,
  sessionCsrf,
  type SignedIn,
  withNotice,
} from '../context.ts';
import { parseListQuery } from '../filters.ts';
import { decodeListKey } from '../../lead/keyset.ts';
import { checkText, redisplayable } from '../form-text.ts';
import { ADMIN_HEADERS, redirect, type FormFields } from '../http.ts';
import { canMove, checkStatusChange, LOST_DETAIL_MAX_LENGTH } from '../lifecycle.ts';
import type { AdminUser } from '../model.ts';
import { buildMoney, monthsBetween } from '../money.ts';
import { ADMIN_PATHS, leadPath, safeNextPath } from '../paths.ts';
import { leadPrivacySection } from '../views/privacy.ts';
import { DASHBOARD_WEEK_CHOICES, DEFAULT_DASHBOARD_WEEKS, lastWeeks } from '../stats.ts';
import { parsePesos } from '../deal.ts';
import type { FieldErrors } from '../views/components.ts';
import { dashboardPage } from '../views/dashboard.ts';
import { inboxPage } from '../views/inbox.ts';
import { leadPage, NOTE_MAX_LENGTH, type LeadFormName } from '../views/lead.ts';
import { MEETINGS_DAYS_AHEAD, meetingsPage } from '../views/meetings.ts';
import type { Notice } from '../views/layout.ts';
import type { EmailDraft, LeadPipelineView } from '../views/lead-pipeline.ts';
import { mergeHistories } from '../store/pipeline-events.ts';
import { filterDetail } from '../../privacy/audit.ts';
import { SITE } from '../../../core/site.ts';
import { refuse, type LeadRefusal } from '../../errors.ts';

/** What the leads' pages and actions work with (the lead page is drawn by the meeting, pipeline and privacy handlers too). */
export type LeadServices = PageServices &
  Pick<
    AdminServices,
    | 'audit'
    | 'config'
    | 'deals'
    | 'trustProxy'
    | 'leadSettings'
    | 'logger'
    | 'mail'
    | 'meetings'
    | 'merges'
    | 'monitoring'
    | 'pipeline'
    | 'privacy'
    | 'searchIndex'
    | 'translations'
    | 'users'
    | 'work'
  >;

/** Leads stored before the search columns existed are indexed a batch at a time; a failure only logs. */
export async function catchUpSearch(services: LeadServices): Promise<void> {
  try {
    await services.searchIndex.catchUp();
  } catch (error) {
    services.logger.warn('admin.search_index_failed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The lead an action was just taken on (`?lead=`), whose row or card shows the notice. */
function noticeLeadFrom(url: URL): number | undefined {
  const id = Number(url.searchParams.get('lead'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The notice of an action just taken (`?aviso=`) and the lead it was taken on, as the list and the board show them. */
export function listNotices(url: URL): { notice?: Notice; noticeLead?: number } {
  const notice = noticeFrom(url);
  const noticeLead = noticeLeadFrom(url);
  return { ...(notice ? { notice } : {}), ...(noticeLead ? { noticeLead } : {}) };
}

/** The salesperson's WhatsApp greeting for a lead, from content/sales-emails.yaml. */
function whatsappGreeting(
  services: LeadServices,
  user: AdminUser,
  lead: { id: number; name: string; company?: string | null | undefined },
): string {
  return fillTemplate(services.mail.copy.whatsappGreeting, templateValues(services, user, lead));
}

function templateValues(
  services: LeadServices,
  user: AdminUser,
  lead: { id: number; name: string; company?: string | null | undefined },
): Record<string, string> {
  return {
    cliente: lead.name,
    empresa: lead.company ?? '',
    referencia: referenceOf(lead.id),
    vendedor: user.name,
    marca: services.mail.brandName,
  };
}

/** `tel:` and WhatsApp links of a lead that left a phone. */
function phoneLinks(
  services: LeadServices,
  user: AdminUser,
  lead: { id: number; name: string; company?: string | null | undefined; phone?: string | null | undefined },
): { tel: string; whatsapp: string } | undefined {
  const number = lead.phone ? dialable(lead.phone) : undefined;
  return number
    ? { tel: `tel:${number}`, whatsapp: whatsappLink(number, whatsappGreeting(services, user, lead)) }
    : undefined;
}

export async function showInbox(services: LeadServices, state: SignedIn): Promise<void> {
  const { filter, sort, page, problems, after } = parseListQuery(state.url.searchParams);
  const today = todayInMexicoCity(state.now);
  await catchUpSearch(services);
  const key = after === undefined ? undefined : decodeListKey(after, sort);
  const [{ rows, total, nextKey }, users, counts] = await Promise.all([
    services.work.list(filter, page, sort, today, key),
    services.users.list(),
    services.pipeline.dueCounts(state.auth.user.id, today),
  ]);
  const unscored = await services.privacy.unscored(rows.map((row) => row.id));
  // A lead whose author refused scoring shows why it has none (null), never a computed score.
  const scores = new Map(
    rows.map((row) => [row.id, unscored.has(row.id) ? null : analyzeLead(row, services.leadSettings).score]),
  );
  const links = new Map(
    rows.flatMap((row) => {
      const found = phoneLinks(services, state.auth.user, row);
      return found ? [[row.id, found] as const] : [];
    }),
  );
  render(
    state,
    200,
    inboxPage(pageContext(services, state), {
      rows,
      scores,
      total,
      page,
      ...(nextKey ? { nextKey } : {}),
      filter,
      sort,
      problems,
      users,
      // The site's languages; a server that does not publish the site knows only the default one.
      languages: services.translations?.languages.map((language) => language.code) ?? [SITE.locale],
      today,
      counts,
      phoneLinks: links,
      ...listNotices(state.url),
    }),
  );
}

/** The lead id of a path, or a 404. */
export function leadId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw refuse('inboxLeadNotFound');
  return id;
}

export async function loadLead(services: LeadServices, id: number): Promise<StoredLead> {
  const lead = await services.work.lead(id);
  if (!lead) throw refuse('inboxLeadNotFound');
  return lead;
}

/** Where on a lead's page each confirmation shows: under the heading of the part the action was about. */
const NOTICE_PLACES: Partial<Record<NoticeKey, string>> = {
  estado: 'seguimiento',
  asignado: 'seguimiento',
  nota: 'historial',
  trato: 'trato',
  'trato-sin-cambios': 'trato',
  'paso-hecho': 'trato',
  correo: 'contactar',
  unido: 'historial',
  recuperado: 'historial',
};

/** Whether this person may merge a duplicate into this lead: an admin, or whoever works the kept lead. */
export function mayMerge(user: AdminUser, assignees: { keep: number | null; drop: number | null }): boolean {
  return (
    user.role === 'admin' || (assignees.keep === user.id && (assignees.drop === null || assignees.drop === user.id))
  );
}

/** The e-mail form: a refused send's values, else the chosen (or first) template filled in for this lead. */
function emailDraft(
  services: LeadServices,
  state: SignedIn,
  lead: StoredLead,
  failed: PipelineFailure | undefined,
): EmailDraft {
  const { templates } = services.mail.copy;
  const asked = failed?.values.template ?? state.url.searchParams.get('plantilla');
  const template = templates.find((candidate) => candidate.id === asked) ?? templates[0];
  if (failed?.form === 'email')
    return { templateId: template?.id ?? '', subject: failed.values.subject ?? '', body: failed.values.body ?? '' };
  if (!template) return { templateId: '', subject: '', body: '' };
  const values = templateValues(services, state.auth.user, lead);
  return {
    templateId: template.id,
    subject: fillTemplate(template.subject, values),
    body: fillTemplate(template.body, values),
  };
}

type PipelineFailure = NonNullable<LeadPipelineView['failed']>;

async function pipelineView(
  services: LeadServices,
  state: SignedIn,
  lead: StoredLead,
  assigneeId: number | null,
  failed: PipelineFailure | undefined,
): Promise<LeadPipelineView> {
  const [deal, duplicates, merged] = await Promise.all([
    services.deals.deal(lead.id),
    services.merges.duplicates(lead.id),
    services.merges.mergedLeads(lead.id),
  ]);
  const links = phoneLinks(services, state.auth.user, lead);
  const user = state.auth.user;
  return {
    deal,
    today: todayInMexicoCity(state.now),
    telHref: links?.tel,
    whatsappHref: links?.whatsapp,
    email: lead.email
      ? {
          to: lead.email,
          senderEmail: user.email,
          templates: services.mail.copy.templates,
          draft: emailDraft(services, state, lead, failed),
        }
      : undefined,
    duplicates,
    canMerge: (duplicate) => mayMerge(user, { keep: assigneeId, drop: duplicate.assigneeId }),
    merged,
    lists: services.leadSettings.lists,
    ...(failed ? { failed } : {}),
  };
}

export async function showLeadPage(
  services: LeadServices,
  state: SignedIn,
  lead: StoredLead,
  status: number,
  extra: {
    notice?: Notice;
    noticeAt?: string;
    failed?: { form: LeadFormName; errors: FieldErrors; values: Readonly<Record<string, string>> };
    /** The rectification form's errors and values (./privacy.ts). */
    rectification?: { errors: FieldErrors; values: Readonly<Record<string, string>> };
    meetingFailed?: { errors: FieldErrors; slot: string };
    pipelineFailed?: PipelineFailure;
  } = {},
): Promise<void> {
  const [leadState, events, pipelineEvents, emails, users, privacy, meeting] = await Promise.all([
    services.work.state(lead.id),
    services.work.events(lead.id),
    services.deals.events(lead.id),
    services.work.emails(lead.id),
    services.users.list(),
    services.privacy.leadPrivacy(lead.id),
    inboxMeeting(services.meetings, lead.id, state.now),
  ]);
  const assignee = leadState.assigneeId === null ? undefined : users.find((user) => user.id === leadState.assigneeId);
  const booked = prepareLead(lead, services.leadSettings, meetingLinks(meeting));
  // A cancelled meeting is no meeting in the contact card; the meeting's own card tells what happened.
  const prepared = meeting?.record.status === 'cancelled' ? { ...booked, meeting: undefined } : booked;
  const pipeline = await pipelineView(services, state, lead, leadState.assigneeId, extra.pipelineFailed);
  const key = state.url.searchParams.get('aviso');
  const noticeAt =
    extra.noticeAt ??
    (extra.notice ? undefined : key && Object.hasOwn(NOTICE_PLACES, key) ? NOTICE_PLACES[key as NoticeKey] : undefined);
  const notice = extra.notice ?? noticeFrom(state.url);
  render(
    state,
    status,
    leadPage(pageContext(services, state), {
      lead,
      repliesRead: services.config.repliesRead === true,
      prepared,
      unscored: privacy.refusals.some((refusal) => refusal.id === REFUSABLE_PURPOSES.scoring),
      state: leadState,
      assignee,
      defaultAssignee: services.leadSettings.assignee,
      users: users.filter((user) => user.active),
      events: mergeHistories(events, pipelineEvents),
      emails,
      emailChange: privacy.emailChange,
      ...(meeting
        ? {
            meeting: {
              card: meetingCard(lead.id, meeting, sessionCsrf(services, state.auth), extra.meetingFailed),
              history: meetingHistory(meeting),
            },
          }
        : {}),
      pipeline: { ...pipeline, status: leadState.status },
      ...(notice ? { notice } : {}),
      ...(noticeAt ? { noticeAt } : {}),
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

export async function showLead(services: LeadServices, state: SignedIn, params: readonly string[]): Promise<void> {
  const id = leadId(params[0]);
  // A merged lead's address (a bookmark, an old e-mail) leads to the lead it was merged into.
  const into = await services.merges.mergedInto(id);
  if (into !== undefined) {
    redirect(state.res, withNotice(leadPath(into), 'fusionado'));
    return;
  }
  await showLeadPage(services, state, await loadLead(services, id), 200);
}

/**
 * Where an action sends the person back: the list or the board it was taken from (`back`), to the lead's row
 * or card with the notice on it; else the lead's page at `fragment`.
 */
export function afterAction(form: FormFields, id: number, key: NoticeKey, fragment: string): string {
  const back = safeNextPath(form.get('back'));
  const path = back?.split('?', 1)[0];
  if (back && (path === ADMIN_PATHS.contacts || path === ADMIN_PATHS.board))
    return `${back}${back.includes('?') ? '&' : '?'}aviso=${key}&lead=${id}#lead-${id}`;
  return withNotice(leadPath(id), key, fragment);
}

export function versionOf(form: FormFields): number {
  const version = Number(form.get('version'));
  return Number.isSafeInteger(version) && version >= 0 ? version : -1;
}

export const valuesOf = (form: FormFields, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, redisplayable(form.get(name))]));

/** A refused change to a lead: its page afresh (how the lead is now), the refusal said at its section. */
export async function showRefusedChange(services: LeadServices, state: SignedIn, refused: LeadRefusal): Promise<void> {
  const lead = await loadLead(services, refused.leadId);
  await showLeadPage(services, state, lead, refused.status, {
    notice: { tone: 'error', message: refused.message },
    ...(refused.section === 'top' ? {} : { noticeAt: refused.section }),
  });
}

export async function changeStatus(
  services: LeadServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  const current = await services.work.state(lead.id);
  const version = versionOf(form);
  if (version !== current.version) throw refuse('inboxLeadChanged', { leadId: lead.id });
  const detail = checkText(form.get('detail'), { max: LOST_DETAIL_MAX_LENGTH, oneLine: true, label: 'El detalle' });
  const checked = detail.ok
    ? checkStatusChange(current.status, { to: form.get('status'), reason: form.get('reason'), detail: detail.value })
    : ({ ok: false, field: 'detail', message: detail.message } as const);
  const refuseField = (field: string, message: string) =>
    showLeadPage(services, state, lead, 422, {
      failed: {
        form: 'status',
        errors: { [field]: message },
        values: valuesOf(form, ['status', 'reason', 'detail', 'value']),
      },
    });
  if (!checked.ok) return refuseField(checked.field, checked.message);
  if (checked.change.to === 'ganado') {
    // A won deal says what it is worth: the value typed here, or the one the deal already has.
    const deal = await services.deals.deal(lead.id);
    const typed = parsePesos(form.get('value') ?? '');
    if (!typed.ok) return refuseField('value', typed.message);
    if (typed.value === null && deal.valueMxn === null)
      return refuseField('value', 'Escribe el valor del trato para marcarlo como ganado.');
    if (typed.value !== null && typed.value !== deal.valueMxn) {
      await services.deals.save(
        lead.id,
        { ...deal, valueMxn: typed.value },
        state.auth.user.id,
        deal.version,
        state.now,
      );
    }
  }
  await services.work.changeStatus(lead.id, checked.change, state.auth.user.id, version, state.now, (from) =>
    canMove(from, checked.change.to),
  );
  redirect(state.res, afterAction(form, lead.id, 'estado', '#seguimiento'));
}

const TAKE_REFUSED =
  'Este lead lo trabaja otra persona: solo alguien con rol de administración puede reasignarlo. Pídeselo o escríbele a quien lo tiene.';

export async function assignLead(
  services: LeadServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  const [current, users] = await Promise.all([services.work.state(lead.id), services.users.list()]);
  const version = versionOf(form);
  if (version !== current.version) throw refuse('inboxLeadChanged', { leadId: lead.id });
  // A lead someone else works is theirs: only an admin hands it to another person (merges follow suit).
  const { user } = state.auth;
  if (user.role !== 'admin' && current.assigneeId !== null && current.assigneeId !== user.id) {
    return showLeadPage(services, state, lead, 403, {
      failed: { form: 'assignee', errors: { assignee: TAKE_REFUSED }, values: {} },
    });
  }
  const chosen = form.get('assignee') ?? '';
  const target = chosen === 'none' ? null : users.find((user) => user.active && String(user.id) === chosen);
  if (target === undefined) {
    return showLeadPage(services, state, lead, 422, {
      failed: { form: 'assignee', errors: { assignee: 'Elige una persona activa de la lista.' }, values: {} },
    });
  }
  const from = users.find((user) => user.id === current.assigneeId)?.name ?? '';
  await services.work.assign(lead.id, target?.id ?? null, state.auth.user.id, version, state.now, {
    from,
    to: target?.name ?? '',
  });
  redirect(state.res, afterAction(form, lead.id, 'asignado', '#seguimiento'));
}

export async function addNote(
  services: LeadServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  const note = checkText(form.get('note'), { max: NOTE_MAX_LENGTH, required: 'Escribe la nota.', label: 'La nota' });
  if (!note.ok)
    return showLeadPage(services, state, lead, 422, {
      failed: { form: 'note', errors: { note: note.message }, values: { note: redisplayable(form.get('note')) } },
    });
  await services.work.addNote(lead.id, state.auth.user.id, note.value, state.now);
  redirect(state.res, withNotice(leadPath(lead.id), 'nota', '#historial'));
}

/** The CSV of the inbox's current filter, in the format of `npm run leads:export`. */
export async function exportCsv(services: LeadServices, state: SignedIn): Promise<void> {
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
  for await (const { lead, work } of services.work.matching(filter, todayInMexicoCity(state.now))) {
    // Respect the socket's pace: a large export never piles up in memory.
    if (!res.write(leadCsvRow(lead, services.leadSettings, work)))
      await new Promise((resolve) => res.once('drain', resolve));
    count += 1;
  }
  res.end();
  services.logger.info('admin.export', { account: state.auth.user.id, leads: count });
  await services.audit.record({
    actor: actorOf(services, state),
    action: 'csv_export',
    detail: { leads: count, ...filterDetail({ ...filter }) },
    at: state.now,
  });
}

export async function showMeetings(services: LeadServices, state: SignedIn): Promise<void> {
  const today = todayInMexicoCity(state.now);
  const meetings = await services.work.meetings(`${today}T00:00`, `${addDays(today, MEETINGS_DAYS_AHEAD)}T23:59`);
  const consultants = new Map(
    meetings.map((meeting) => [meeting.leadId, consultantFor(meeting, services.leadSettings.consultants).name]),
  );
  render(state, 200, meetingsPage(pageContext(services, state), { meetings, consultants }));
}

export async function showDashboard(services: LeadServices, state: SignedIn): Promise<void> {
  const asked = Number(state.url.searchParams.get('weeks'));
  const weeks = (DASHBOARD_WEEK_CHOICES as readonly number[]).includes(asked) ? asked : DEFAULT_DASHBOARD_WEEKS;
  const mondays = lastWeeks(state.now, weeks);
  const since = zonedTimeToUtc(mondays[0] ?? todayInMexicoCity(state.now), '00:00').toISOString();
  const [dashboard, origins, money, conversion, lost] = await Promise.all([
    services.work.dashboard(mondays, since),
    services.work.originGroups(since),
    services.pipeline.money(since),
    services.monitoring.conversion(mondays[0] ?? todayInMexicoCity(state.now), new Date(since), state.now),
    services.work.lostReasons(since),
  ]);
  const months = monthsBetween(
    (mondays[0] ?? todayInMexicoCity(state.now)).slice(0, 7),
    todayInMexicoCity(state.now).slice(0, 7),
  );
  render(
    state,
    200,
    dashboardPage(pageContext(services, state), {
      dashboard,
      weeks,
      origins: originBreakdown(origins),
      money: buildMoney(money, months),
      conversion,
      lost,
    }),
  );
}
