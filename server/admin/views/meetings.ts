/** Upcoming booked meetings, grouped by Mexico City day. */
import { formatLongDate } from '../../../core/dates.ts';
import { referenceOf } from '../../lead/model.ts';
import { html, type Html } from '../html.ts';
import type { UpcomingMeeting } from '../model.ts';
import { leadPath } from '../paths.ts';
import { statusBadge } from './components.ts';
import { kindLabel } from './inbox.ts';
import { adminPage, type PageContext } from './layout.ts';

export const MEETINGS_DAYS_AHEAD = 60;

export interface MeetingsView {
  meetings: readonly UpcomingMeeting[];
  /** Consultant of each lead, by lead id (the one the e-mails named). */
  consultants: ReadonlyMap<number, string>;
}

export function groupByDay(meetings: readonly UpcomingMeeting[]): Array<[string, UpcomingMeeting[]]> {
  const days = new Map<string, UpcomingMeeting[]>();
  for (const meeting of [...meetings].sort((a, b) => a.slot.localeCompare(b.slot))) {
    const day = meeting.slot.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), meeting]);
  }
  return [...days];
}

function dayTitle(day: string): string {
  try {
    const text = formatLongDate(day);
    return text.charAt(0).toUpperCase() + text.slice(1);
  } catch {
    return day;
  }
}

export function meetingsPage(context: PageContext, view: MeetingsView): Html {
  const days = groupByDay(view.meetings);
  return adminPage(
    context,
    { title: 'Reuniones', section: 'meetings' },
    html`<div class="page-head"><div><h1>Próximas reuniones</h1><p class="lede">Las reuniones que agendaron los leads en los próximos ${MEETINGS_DAYS_AHEAD} días, en hora de la Ciudad de México.</p></div></div>
${
  days.length
    ? days.map(
        (
          [day, meetings],
          index,
        ) => html`<section class="day" aria-labelledby="dia-${index}"><h2 id="dia-${index}">${dayTitle(day)}</h2>
<ul class="meetings">${meetings.map(
          (meeting) => html`<li><span class="time">${meeting.slot.slice(11)}</span><div>
<a class="ref" href="${leadPath(meeting.leadId)}">${referenceOf(meeting.leadId)} · <bdi>${meeting.name}</bdi></a>${meeting.company && html` · <bdi>${meeting.company}</bdi>`}<br>
<span class="muted">${[kindLabel(meeting.kind), view.consultants.get(meeting.leadId), meeting.assigneeName ?? 'Sin asignar'].filter(Boolean).join(' · ')}</span> ${statusBadge(meeting.status)}
</div></li>`,
        )}</ul></section>`,
      )
    : html`<div class="card"><p>No hay reuniones agendadas por ahora.</p></div>`
}`,
  );
}
