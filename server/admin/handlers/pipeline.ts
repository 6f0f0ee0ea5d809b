/** The sales pipeline's pages and actions: the board, a lead's deal and next step, e-mail to the client, merging. */
import { todayInMexicoCity } from '../../../core/dates.ts';
import { type AdminServices, pageContext, render, type SignedIn } from '../context.ts';
import { checkDeal } from '../deal.ts';
import { parseListQuery } from '../filters.ts';
import { checkText } from '../form-text.ts';
import { redirect, type FormFields } from '../http.ts';
import { withNotice } from '../context.ts';
import { leadPath } from '../paths.ts';
import { boardPage } from '../views/board.ts';
import { EMAIL_BODY_MAX_LENGTH, EMAIL_SUBJECT_MAX_LENGTH } from '../views/lead-pipeline.ts';
import { mergePage, type MergeSide } from '../views/merge.ts';
import {
  catchUpSearch,
  leadId,
  loadLead,
  mayMerge,
  listNotices,
  showLeadPage,
  valuesOf,
  versionOf,
  type LeadServices,
} from './leads.ts';
import { isRefusal, refuse } from '../../errors.ts';

/** What the pipeline's actions and views work with. */
type PipelineServices = LeadServices & Pick<AdminServices, 'outreach'>;

export async function showBoard(services: PipelineServices, state: SignedIn): Promise<void> {
  const { filter } = parseListQuery(state.url.searchParams);
  const today = todayInMexicoCity(state.now);
  await catchUpSearch(services);
  const [columns, counts] = await Promise.all([
    services.pipeline.board(filter, today),
    services.pipeline.dueCounts(state.auth.user.id, today),
  ]);
  render(
    state,
    200,
    boardPage(pageContext(services, state), {
      columns,
      filter,
      today,
      counts,
      ...listNotices(state.url),
    }),
  );
}

const DEAL_FIELDS = ['value', 'closeDate', 'nextStepDate', 'nextStep'] as const;

export async function saveDeal(
  services: PipelineServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  const checked = checkDeal(form, todayInMexicoCity(state.now));
  if (!checked.ok)
    return showLeadPage(services, state, lead, 422, {
      pipelineFailed: { form: 'deal', errors: checked.errors, values: valuesOf(form, DEAL_FIELDS) },
    });
  const changed = await services.deals.save(lead.id, checked.change, state.auth.user.id, versionOf(form), state.now);
  redirect(state.res, withNotice(leadPath(lead.id), changed ? 'trato' : 'trato-sin-cambios', '#trato'));
}

export async function completeNextStep(
  services: PipelineServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  await services.deals.completeNextStep(lead.id, state.auth.user.id, versionOf(form), state.now);
  // Straight to the next step's field: an open lead with no next step is one the team forgets.
  redirect(state.res, withNotice(leadPath(lead.id), 'paso-hecho', '#paso-fecha'));
}

export async function sendClientEmail(
  services: PipelineServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const lead = await loadLead(services, leadId(params[0]));
  const subject = checkText(form.get('subject'), {
    max: EMAIL_SUBJECT_MAX_LENGTH,
    oneLine: true,
    required: 'Escribe el asunto.',
    label: 'El asunto',
  });
  const body = checkText(form.get('body'), {
    max: EMAIL_BODY_MAX_LENGTH,
    required: 'Escribe el mensaje.',
    label: 'El mensaje',
  });
  if (!subject.ok || !body.ok || !lead.email) {
    return showLeadPage(services, state, lead, 422, {
      noticeAt: 'contactar',
      pipelineFailed: {
        form: 'email',
        errors: {
          ...(subject.ok ? {} : { subject: subject.message }),
          ...(body.ok ? {} : { body: body.message }),
        },
        values: valuesOf(form, ['subject', 'body', 'template']),
      },
    });
  }
  const { user } = state.auth;
  const draft = services.mail.toClient({
    to: lead.email,
    sender: { name: user.name, email: user.email },
    subject: subject.value,
    body: body.value,
  });
  try {
    await services.outreach.queueClientEmail({
      leadId: lead.id,
      userId: user.id,
      draft,
      subject: subject.value,
      body: body.value,
      now: state.now,
      perHour: services.config.emailsPerHour,
    });
  } catch (error) {
    // Said by the message with what was typed still in the form, so the text is not lost.
    if (isRefusal(error, 'inboxSendLimit')) {
      services.logger.warn('admin.client_email_limited', { account: user.id, leadId: lead.id });
      return showLeadPage(services, state, lead, error.answer.status, {
        noticeAt: 'contactar',
        notice: { tone: 'error', message: error.message },
        pipelineFailed: { form: 'email', errors: {}, values: valuesOf(form, ['subject', 'body', 'template']) },
      });
    }
    throw error;
  }
  services.logger.info('admin.client_email', { account: user.id, leadId: lead.id });
  redirect(state.res, withNotice(leadPath(lead.id), 'correo', '#contactar'));
}

async function mergeSide(services: PipelineServices, id: number): Promise<MergeSide> {
  const [lead, leadState, users] = await Promise.all([
    loadLead(services, id),
    services.work.state(id),
    services.users.list(),
  ]);
  return {
    id,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    receivedAt: lead.receivedAt,
    state: leadState,
    assigneeName: users.find((user) => user.id === leadState.assigneeId)?.name ?? null,
  };
}

function otherLead(raw: string | null | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw refuse('inboxLeadNotFound');
  return id;
}

/** The confirmation page of a merge (`?otro=` is the lead that joins this one). */
export async function showMerge(services: PipelineServices, state: SignedIn, params: readonly string[]): Promise<void> {
  const keepId = leadId(params[0]);
  const dropId = otherLead(state.url.searchParams.get('otro'));
  const [keep, drop] = await Promise.all([mergeSide(services, keepId), mergeSide(services, dropId)]);
  render(state, 200, mergePage(pageContext(services, state), { keep, drop }));
}

export async function mergeLead(
  services: PipelineServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const keep = await loadLead(services, leadId(params[0]));
  const dropId = otherLead(form.get('otro'));
  const { user } = state.auth;
  await services.merges.merge(keep.id, dropId, user.id, state.now, (assignees) => mayMerge(user, assignees));
  services.logger.info('admin.merge', { account: user.id, kept: keep.id, merged: dropId });
  redirect(state.res, withNotice(leadPath(keep.id), 'unido', '#historial'));
}
