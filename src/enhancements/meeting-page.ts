/**
 * The meeting page's own script (/reunion, /en/meeting), the only one on its first load: reads the meeting
 * of the link's token (`webSite/meeting`) in the page's language (`<html lang>`, sent as
 * `Content-Language` so the API answers in it too) and shows it, dates written as that language writes
 * them, in Mexico City time and in the visitor's own zone when it differs;
 * asks before cancelling (`webSite/meetingCancel`); and on "Reprogramar" loads the React picker
 * (islands/meeting/). Opening the page changes nothing. No framework, no schema library: it stays small.
 */
import { PUBLIC_API_BASE } from 'astro:env/client';
import type { MeetingBody } from '../../core/api/answers.ts';
import { readMeeting } from '../../core/api/meeting.ts';
import { callPath, MEETING_TOKEN_HEADER, type MeetingAction } from '../../core/api/routes.ts';
import type { PickerWordKey } from '../../core/forms/copy.ts';
import { LANGUAGE_HEADER } from '../../core/i18n/lead-language.ts';
import { SITE } from '../../core/site.ts';
import { resolveApiBase } from '../lib/api/base.ts';

interface Texts {
  statuses: Record<MeetingBody['status'], string>;
  working: string;
  connection: string;
  rescheduleTitle: string;
  /** `{fecha}`: the meeting's current time in words. */
  rescheduleCurrent: string;
  /** The picker's words in the page's language (its catalogue's `picker` group). */
  picker: Record<PickerWordKey, string>;
}

type View = 'loading' | 'unknown' | 'expired' | 'error' | 'meeting';

/** Where this tab keeps the link's token once it is out of the address (gone when the tab closes). */
const TOKEN_KEY = 'angram:reunion';

/**
 * The manage link's token, taken out of the address bar: a copied or shared address, the history and any
 * later request no longer carry it. The tab keeps it, so reloading the page still shows the meeting.
 */
function takeToken(): string {
  const fromLink = new URLSearchParams(location.search).get('t');
  let kept: string | null;
  try {
    if (fromLink) sessionStorage.setItem(TOKEN_KEY, fromLink);
    kept = sessionStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage refused (a private window's settings): the token stays in the address, as before.
    return fromLink ?? '';
  }
  if (fromLink && kept === fromLink) history.replaceState(history.state, '', location.pathname);
  return fromLink ?? kept ?? '';
}

const root = document.getElementById('reunion');
if (root) start(root);

function start(root: HTMLElement): void {
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Texts;
  const token = takeToken();
  const language = document.documentElement.lang || SITE.locale;
  const spanish = language === SITE.locale;
  const base = resolveApiBase(PUBLIC_API_BASE, import.meta.env.DEV);
  const $ = (selector: string) => root.querySelector<HTMLElement>(selector);
  const field = (name: string) => $(`[data-field="${name}"]`);
  const part = (name: string) => $(`[data-part="${name}"]`);
  const action = (name: string) => root.querySelector<HTMLButtonElement>(`[data-action="${name}"]`);
  let mounted = false;

  function show(view: View): void {
    for (const element of root.querySelectorAll<HTMLElement>('[data-view]'))
      element.hidden = element.dataset.view !== view;
  }

  async function call(
    method: 'GET' | 'POST',
    name: MeetingAction,
  ): Promise<{ status: number; body: unknown } | undefined> {
    try {
      const response = await fetch(`${base}${callPath(name)}`, {
        method,
        headers: {
          Accept: 'application/json',
          [LANGUAGE_HEADER]: language,
          ...(method === 'POST' ? { 'Content-Type': 'application/json' } : { [MEETING_TOKEN_HEADER]: token }),
        },
        ...(method === 'POST' ? { body: JSON.stringify({ token }) } : {}),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      return { status: response.status, body };
    } catch {
      return undefined;
    }
  }

  const formatter = (timeZone: string, zoneName: boolean) =>
    new Intl.DateTimeFormat(language, {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      minute: '2-digit',
      // Mexican Spanish reads a 24-hour clock (09:00); another language its own, as its e-mails write it
      // (9:00 AM in English: core/dates.ts).
      ...(spanish ? ({ hour: '2-digit', hourCycle: 'h23' } as const) : ({ hour: 'numeric' } as const)),
      ...(zoneName ? { timeZoneName: 'short' } : {}),
    });

  /**
   * The meeting's time in words as a sentence quotes it, weekday in lowercase (the reschedule dialog's
   * first line); the card's fields start with a capital through their style (first-letter:uppercase).
   */
  let whenInSentence = '';

  function notice(text: string): void {
    const element = field('notice');
    if (element) element.textContent = text;
  }

  function render(meeting: MeetingBody, message = ''): void {
    const start = new Date(meeting.start);
    const set = (name: string, text: string) => {
      const element = field(name);
      if (element) element.textContent = text;
    };
    set('status', texts.statuses[meeting.status]);
    whenInSentence = formatter(SITE.timeZone, false).format(start);
    set('when', whenInSentence);
    set('consultant', `${meeting.consultant.name}, ${meeting.consultant.role}`);
    set('reference', meeting.reference);
    // The visitor's own zone, when its clock differs from Mexico City's at that moment.
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const local = formatter(own, true).format(start);
    const differs =
      own !== SITE.timeZone && formatter(own, false).format(start) !== formatter(SITE.timeZone, false).format(start);
    set('local', local);
    const localRow = field('local-row');
    if (localRow) localRow.hidden = !differs;
    const video = field('video') as HTMLAnchorElement | null;
    if (video) video.href = meeting.meetLink;
    const videoRow = field('video-row');
    if (videoRow) videoRow.hidden = meeting.status !== 'scheduled';
    const calendar = field('calendar') as HTMLAnchorElement | null;
    if (calendar) {
      calendar.href = meeting.calendarLink;
      calendar.hidden = !meeting.changeable;
    }
    const actions = part('actions');
    if (actions) actions.hidden = !meeting.changeable;
    closeConfirmation(false);
    const closed = field('closed');
    if (closed) {
      // The server's own message of a cancellation already says it: the page does not say it twice.
      const cancelled = meeting.status === 'cancelled' && !message ? 'cancelled-text' : '';
      const reason = meeting.status === 'cancelled' ? cancelled : meeting.changeable ? '' : 'past-text';
      closed.textContent = reason ? (field(reason)?.textContent ?? '') : '';
      closed.hidden = !reason;
    }
    const rebook = part('rebook');
    if (rebook) rebook.hidden = meeting.status !== 'cancelled';
    notice(message);
    show('meeting');
  }

  async function load(message = ''): Promise<void> {
    if (!token) {
      show('unknown');
      return;
    }
    const answer = await call('GET', 'meeting');
    const meeting = answer?.status === 200 ? readMeeting(answer.body) : undefined;
    if (meeting) render(meeting, message);
    else if (answer?.status === 404) show('unknown');
    else if (answer?.status === 410) show('expired');
    else show('error');
  }

  function closeConfirmation(focusCancel: boolean): void {
    const confirm = part('confirm');
    if (confirm) confirm.hidden = true;
    action('cancel')?.setAttribute('aria-expanded', 'false');
    if (focusCancel) action('cancel')?.focus();
  }

  function busy(on: boolean): void {
    for (const button of root.querySelectorAll<HTMLButtonElement>('[data-part] button')) button.disabled = on;
  }

  root.addEventListener('click', (event) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>('[data-action]');
    switch (target?.dataset.action) {
      case 'retry':
        show('loading');
        void load();
        break;
      case 'cancel': {
        const confirm = part('confirm');
        if (!confirm) break;
        confirm.hidden = false;
        target.setAttribute('aria-expanded', 'true');
        $('#confirmar-texto')?.focus();
        break;
      }
      case 'keep':
        closeConfirmation(true);
        break;
      case 'confirm-cancel':
        busy(true);
        notice(texts.working);
        void call('POST', 'meetingCancel').then(async (answer) => {
          busy(false);
          const meeting = answer?.status === 200 ? readMeeting(answer.body) : undefined;
          const message = (answer?.body as { message?: unknown } | undefined)?.message;
          if (meeting) {
            render(meeting, typeof message === 'string' ? message : '');
            $('#reunion-titulo')?.focus();
          } else if (answer?.status === 404 || answer?.status === 410) await load();
          else notice(typeof message === 'string' && message ? message : texts.connection);
        });
        break;
      case 'reschedule':
        if (mounted) break;
        mounted = true;
        target.setAttribute('aria-busy', 'true');
        void import('../islands/meeting/mount.tsx').then(({ mountReschedule }) => {
          target.removeAttribute('aria-busy');
          const container = $('#reprogramar-dialogo');
          if (!container) return;
          mountReschedule(container, {
            token,
            triggerId: 'reprogramar',
            title: texts.rescheduleTitle,
            language,
            pickerWords: texts.picker,
            // Read when the dialog opens: after a move, the page already shows the new time.
            current: () => texts.rescheduleCurrent.replace('{fecha}', whenInSentence),
            connectionMessage: texts.connection,
            onOutcome: (outcome) => {
              if (outcome.kind === 'working') notice(texts.working);
              else if (outcome.kind === 'moved') render(outcome.body.meeting, outcome.body.message ?? '');
              else if (outcome.kind === 'reload') void load();
              else notice(outcome.message);
            },
          });
        });
        break;
    }
  });

  void load();
}
