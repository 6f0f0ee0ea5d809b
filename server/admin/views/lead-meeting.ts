/**
 * The meeting in the sales inbox (no client JavaScript, CSRF like every inbox form): on a lead's page its
 * card (when, status, video call, consultant) with "Reprogramar" (a list of the free slots of the next
 * weeks), "Cancelar" (with a confirmation box to tick) and, once it started, "Se realizó" / "No asistió";
 * its changes in the lead's history; and on the account page the private calendar subscription.
 * The changes go through the meetings service, which tells the client by e-mail.
 */
import { addDays, formatAppointmentLong, formatLongDate, todayInMexicoCity } from '../../../core/dates.ts';
import { attr, html, type Html } from '../html.ts';
import { csrfInput, dateTime, errorSummary, section, type FieldErrors } from './components.ts';
import { ADMIN_PATHS, leadPath } from '../paths.ts';
import { AVAILABILITY } from '../../availability/schedule.ts';
import type { MeetingLinks } from '../../lead/calendar.ts';
import type { MeetingService } from '../../meetings/service.ts';
import type { MeetingEvent, MeetingRecord, MeetingStatus } from '../../meetings/store.ts';

export const MEETING_STATUS_LABELS: Readonly<Record<MeetingStatus, string>> = {
  scheduled: 'Agendada',
  cancelled: 'Cancelada',
  held: 'Realizada',
  missed: 'No asistió',
};

/** The inbox's badge colours for a meeting's state. */
const MEETING_BADGES: Readonly<Record<MeetingStatus, string>> = {
  scheduled: 'status-contactado',
  cancelled: 'status-perdido',
  held: 'status-ganado',
  missed: 'status-propuesta',
};

/** Working days of free slots the reschedule list offers. */
const RESCHEDULE_DAYS = 15;

export interface FreeDay {
  date: string;
  times: string[];
}

export interface InboxMeeting {
  record: MeetingRecord;
  events: MeetingEvent[];
  /** Free slots of the next working days, for the reschedule list (empty once it cannot move). */
  freeDays: FreeDay[];
  /** When the page was drawn: what can be done depends on it. */
  now: Date;
}

/** The meeting of a lead as its page shows it, or `undefined` when the lead booked none. */
export async function inboxMeeting(
  service: MeetingService,
  leadId: number,
  now: Date,
): Promise<InboxMeeting | undefined> {
  const record = await service.byLead(leadId);
  if (!record) return undefined;
  const events = await service.events(leadId);
  const freeDays: FreeDay[] = [];
  if (record.status === 'scheduled' && Date.parse(record.startsAt) > now.getTime()) {
    const today = todayInMexicoCity(now);
    for (let offset = 0; offset <= AVAILABILITY.horizonDays && freeDays.length < RESCHEDULE_DAYS; offset += 1) {
      const date = addDays(today, offset);
      const times = await service.freeSlots(date);
      if (times.length > 0) freeDays.push({ date, times });
    }
  }
  return { record, events, freeDays, now };
}

/** What the lead's contact card shows of the meeting: its current slot and video call. */
export function meetingLinks(meeting: InboxMeeting | undefined): MeetingLinks | undefined {
  if (!meeting) return undefined;
  const { record } = meeting;
  return { videoUrl: record.videoUrl, slot: record.slot, uid: record.uid, sequence: record.sequence };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function meetingCard(
  leadId: number,
  meeting: InboxMeeting,
  csrf: string,
  failed?: { errors: FieldErrors; slot: string },
): Html {
  const { record, freeDays, now } = meeting;
  const started = Date.parse(record.startsAt) <= now.getTime();
  const open = record.status === 'scheduled' && !started;
  const base = `${leadPath(leadId)}/reunion`;
  const errors = failed?.errors ?? {};
  return section(
    'Reunión',
    'reunion',
    html`${errorSummary(errors)}<dl class="fields">
<div><dt>Cuándo</dt><dd>${capitalized(formatAppointmentLong(record.slot))} (hora de la Ciudad de México)</dd></div>
<div><dt>Estado</dt><dd><span class="badge ${MEETING_BADGES[record.status]}">${MEETING_STATUS_LABELS[record.status]}</span>${record.sequence > 0 ? html` · cambió ${record.sequence} ${record.sequence === 1 ? 'vez' : 'veces'}` : ''}</dd></div>
${record.status === 'cancelled' ? '' : html`<div><dt>Videollamada</dt><dd><a href="${record.videoUrl}" target="_blank" rel="noopener noreferrer">${record.videoUrl}<span class="visually-hidden"> (se abre en otra pestaña)</span></a></dd></div>`}
</dl>
${
  open
    ? html`<form method="post" action="${base}/reprogramar">
${csrfInput(csrf)}
<div class="field"><label for="reunion-horario">Mover a</label><p class="hint" id="reunion-horario-hint">Horarios libres de los próximos días hábiles, hora de la Ciudad de México. Le avisamos al cliente por correo.</p>
<select id="reunion-horario" name="slot" required aria-describedby="reunion-horario-hint${errors.slot ? ' reunion-horario-error' : ''}"${attr('aria-invalid', errors.slot ? 'true' : undefined)}>
<option value="">Elige el nuevo horario</option>
${freeDays.map(
  (day) =>
    html`<optgroup label="${capitalized(formatLongDate(day.date))}">${day.times.map(
      (time) =>
        html`<option value="${day.date}T${time}"${attr('selected', failed?.slot === `${day.date}T${time}`)}>${capitalized(formatLongDate(day.date))}, ${time}</option>`,
    )}</optgroup>`,
)}
</select>${errors.slot && html`<p class="field-error" id="reunion-horario-error">${errors.slot}</p>`}</div>
<div class="actions"><button class="btn btn-primary" type="submit">Reprogramar</button></div>
</form>
<details class="confirm"><summary>Cancelar la reunión</summary>
<form method="post" action="${base}/cancelar">
${csrfInput(csrf)}
<div class="field"><label><input type="checkbox" name="confirm" value="si" required> El cliente pidió cancelar: libera el horario y avísale por correo</label></div>
<div class="actions"><button class="btn btn-danger" type="submit">Cancelar la reunión</button></div>
</form></details>`
    : ''
}
${
  record.status !== 'cancelled' && started
    ? html`<div class="actions">
<form method="post" action="${base}/realizada">${csrfInput(csrf)}<button class="btn btn-outline" type="submit"${attr('aria-pressed', record.status === 'held' ? 'true' : undefined)}>Se realizó</button></form>
<form method="post" action="${base}/no-asistio">${csrfInput(csrf)}<button class="btn btn-outline" type="submit"${attr('aria-pressed', record.status === 'missed' ? 'true' : undefined)}>No asistió</button></form>
</div>`
    : ''
}`,
  );
}

/** A meeting change in the lead's history. */
export function meetingEventText(event: MeetingEvent): Html {
  const who = event.actor === 'client' ? 'El cliente' : (event.userName ?? 'Una cuenta eliminada');
  const when = (slot: string | null) => (slot ? formatAppointmentLong(slot) : '');
  switch (event.kind) {
    case 'moved':
      return html`<strong>${who}</strong> movió la reunión del ${when(event.fromSlot)} al ${when(event.toSlot)}.`;
    case 'cancelled':
      return html`<strong>${who}</strong> canceló la reunión del ${when(event.fromSlot)}.`;
    case 'held':
      return html`<strong>${who}</strong> marcó la reunión como realizada.`;
    case 'missed':
      return html`<strong>${who}</strong> marcó que el cliente no asistió a la reunión.`;
  }
}

/** The history's entries of a lead's meeting, for the timeline (newest first, like the rest). */
export function meetingHistory(meeting: InboxMeeting | undefined): Array<{ at: string; body: Html }> {
  return (meeting?.events ?? []).map((event) => ({
    at: event.at,
    body: html`${dateTime(event.at)}${meetingEventText(event)}`,
  }));
}

/** The account page's calendar subscription. */
export function calendarSection(csrf: string, address: string | undefined): Html {
  const action = `${ADMIN_PATHS.account}/calendario`;
  return section(
    'Tu calendario',
    'calendario',
    address
      ? html`<p>Suscríbete a esta dirección para ver en tu calendario las reuniones de tus leads y las de los leads sin asignar; se actualiza sola cuando una reunión se agenda, se mueve o se cancela.</p>
<div class="field"><label for="calendario-url">Dirección de suscripción (privada: no la compartas)</label><input id="calendario-url" type="text" readonly value="${address}"></div>
<ul>
<li><strong>Google Calendar</strong>: Otros calendarios › «+» › Desde URL, pega la dirección y elige «Añadir calendario».</li>
<li><strong>Outlook</strong>: Agregar calendario › Suscribirse desde la web, pega la dirección e Importar.</li>
<li><strong>Apple Calendar</strong>: Archivo › Nueva suscripción a calendario, pega la dirección y Suscribirse.</li>
</ul>
<p class="hint">Google tarda hasta unas horas en leerla de nuevo; Outlook y Apple, minutos.</p>
<div class="actions">
<form method="post" action="${action}">${csrfInput(csrf)}<input type="hidden" name="accion" value="cambiar"><button class="btn btn-outline" type="submit">Cambiar la dirección</button></form>
<form method="post" action="${action}">${csrfInput(csrf)}<input type="hidden" name="accion" value="revocar"><button class="btn btn-danger" type="submit">Revocar</button></form>
</div>
<p class="hint">Si la perdiste o alguien más la vio, cámbiala: la anterior deja de funcionar al momento.</p>`
      : html`<p>Ve las reuniones de tus leads (y las de los leads sin asignar) en Google Calendar, Outlook o Apple Calendar con una dirección de suscripción privada.</p>
<form method="post" action="${action}">${csrfInput(csrf)}<input type="hidden" name="accion" value="crear"><div class="actions"><button class="btn btn-primary" type="submit">Crear mi dirección de suscripción</button></div></form>`,
  );
}
