/**
 * A lead's meeting from the inbox: reschedule or cancel it on the client's behalf (the meetings service
 * tells the client by e-mail) and mark it held or missed; and each account's calendar subscription (turn
 * it on, change its address, revoke it) and the feed a calendar app reads from it, without a session.
 */
import { MeetingRefusal, type Changer } from '../../meetings/service.ts';
import type { AdminServices, NoticeKey, RequestState, SignedIn } from '../context.ts';
import { withNotice } from '../context.ts';
import { ADMIN_HEADERS, field, redirect, type FormFields } from '../http.ts';
import { ADMIN_PATHS, leadPath } from '../paths.ts';
import { leadId as leadIdOf, loadLead, showLeadPage, type LeadServices } from './leads.ts';
import { refuse } from '../../errors.ts';

/** What a lead's meeting actions and the calendar feeds work with. */
type MeetingHandlerServices = LeadServices & Pick<AdminServices, 'calendarFeeds'>;

const teamChanger = (state: SignedIn): Changer & { kind: 'team' } => ({
  kind: 'team',
  userId: state.auth.user.id,
  name: state.auth.user.name,
});

/** A refused change shown on the lead's page: on the slot list when it is about the slot, else as a notice. */
async function refused(
  services: MeetingHandlerServices,
  state: SignedIn,
  leadId: number,
  refusal: MeetingRefusal,
  slot?: string,
): Promise<void> {
  const lead = await loadLead(services, leadId);
  const status = refusal.reason === 'taken' || refusal.reason === 'gone' ? 409 : 422;
  if (slot !== undefined && (refusal.reason === 'invalid' || refusal.reason === 'taken')) {
    return showLeadPage(services, state, lead, status, {
      meetingFailed: { errors: { slot: refusal.message }, slot },
    });
  }
  return showLeadPage(services, state, lead, status, { notice: { tone: 'error', message: refusal.message } });
}

async function attempt(
  services: MeetingHandlerServices,
  state: SignedIn,
  leadId: number,
  change: () => Promise<unknown>,
  notice: NoticeKey,
  slot?: string,
): Promise<void> {
  try {
    await change();
  } catch (error) {
    if (error instanceof MeetingRefusal) {
      if (error.reason === 'not-found') throw refuse('inboxNoMeeting');
      return refused(services, state, leadId, error, slot);
    }
    throw error;
  }
  redirect(state.res, withNotice(leadPath(leadId), notice, '#reunion'));
}

export async function rescheduleMeeting(
  services: MeetingHandlerServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const id = (await loadLead(services, leadIdOf(params[0]))).id;
  const slot = field(form, 'slot').slice(0, 40);
  if (!slot) {
    return showLeadPage(services, state, await loadLead(services, id), 422, {
      meetingFailed: { errors: { slot: 'Elige el nuevo horario de la lista.' }, slot },
    });
  }
  await attempt(
    services,
    state,
    id,
    () => services.meetings.reschedule({ leadId: id }, slot, teamChanger(state)),
    'reunion-movida',
    slot,
  );
}

export async function cancelMeeting(
  services: MeetingHandlerServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const id = (await loadLead(services, leadIdOf(params[0]))).id;
  if (form.get('confirm') !== 'si') {
    return showLeadPage(services, state, await loadLead(services, id), 422, {
      notice: { tone: 'error', message: 'Marca la casilla para confirmar que el cliente pidió cancelar.' },
    });
  }
  await attempt(
    services,
    state,
    id,
    () => services.meetings.cancel({ leadId: id }, teamChanger(state)),
    'reunion-cancelada',
  );
}

export function markMeeting(outcome: 'held' | 'missed') {
  return async (services: MeetingHandlerServices, state: SignedIn, params: readonly string[]): Promise<void> => {
    const id = (await loadLead(services, leadIdOf(params[0]))).id;
    await attempt(
      services,
      state,
      id,
      () => services.meetings.mark(id, outcome, teamChanger(state)),
      outcome === 'held' ? 'reunion-realizada' : 'reunion-no-asistio',
    );
  };
}

const FEED_ACTIONS = {
  crear: 'calendario-creado',
  cambiar: 'calendario-cambiado',
  revocar: 'calendario-revocado',
} as const;

export async function changeCalendarFeed(
  services: MeetingHandlerServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const action = form.get('accion') ?? '';
  if (!Object.hasOwn(FEED_ACTIONS, action)) throw refuse('inboxUnknownCalendarAction');
  const key = action as keyof typeof FEED_ACTIONS;
  const userId = state.auth.user.id;
  if (key === 'revocar') await services.calendarFeeds.revoke(userId, state.now);
  else await services.calendarFeeds.enable(userId, key === 'cambiar', state.now);
  redirect(state.res, withNotice(ADMIN_PATHS.account, FEED_ACTIONS[key], '#calendario'));
}

/**
 * The `.ics` a calendar app fetches from a subscription address (no session: the address is the secret).
 * An unknown, changed or revoked address answers a bare 404, the same for every case.
 */
export async function serveCalendarFeed(
  services: MeetingHandlerServices,
  state: RequestState,
  path: string,
): Promise<void> {
  const { req, res } = state;
  const body = await services.calendarFeeds.feedFor(path, state.now);
  if (body === undefined) {
    const text = 'Esta dirección de calendario no existe o ya no es válida.\n';
    res.writeHead(404, {
      ...ADMIN_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  res.writeHead(200, {
    ...ADMIN_HEADERS,
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Disposition': 'inline; filename="reuniones.ics"',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
