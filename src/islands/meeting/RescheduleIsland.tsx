/**
 * "Reprogramar" on /reunion: the forms' date-time picker over the server's free slots, and the move itself
 * (`webSite/meetingReschedule`). Mounted by the page's script the first time the visitor presses the button
 * (React is not part of the page's first load); it opens the picker at once and on every later press. A slot
 * taken meanwhile reopens the picker on fresh slots of that day, saying why.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { MeetingAnswerBody } from '../../../core/api/answers.ts';
import { readMeeting } from '../../../core/api/meeting.ts';
import { SITE_GROUP } from '../../../core/api/routes.ts';
import type { PickerWordKey } from '../../../core/forms/copy.ts';
import { LANGUAGE_HEADER } from '../../../core/i18n/lead-language.ts';
import { post } from '../../lib/api/client.ts';
import { PickerDialog, useDateTimePicker } from '../datetime/DateTimePicker.tsx';
import { pickerTexts } from '../datetime/picker-texts.ts';

/** What happened, for the page to show. */
export type RescheduleOutcome =
  | { kind: 'working' }
  | { kind: 'moved'; body: MeetingAnswerBody }
  /** The meeting can no longer move (cancelled, started) or the link is unknown: the page reloads it. */
  | { kind: 'reload' }
  | { kind: 'notice'; message: string };

export interface RescheduleProps {
  token: string;
  /** The page's "Reprogramar" button: it opens the picker and gets the focus back. */
  triggerId: string;
  /** Shown when the server does not answer. */
  connectionMessage: string;
  /** The dialog's title ("Reprograma tu reunión"). */
  title: string;
  /** The page's language (`<html lang>`): the picker's dates and the API's answers follow it. */
  language: string;
  /** The picker's words in that language. */
  pickerWords: Readonly<Record<PickerWordKey, string>>;
  /** The dialog's first line: the meeting's current time, as the page shows it now. */
  current: () => string;
  onOutcome: (outcome: RescheduleOutcome) => void;
}

export function RescheduleIsland({
  token,
  triggerId,
  connectionMessage,
  title,
  language,
  pickerWords,
  current,
  onOutcome,
}: RescheduleProps) {
  const picker = useDateTimePicker();
  const texts = useMemo(() => pickerTexts(pickerWords, language), [pickerWords, language]);
  const { open, reopenTaken, dispatch } = picker;
  // The page's latest callback, without restarting the move's effect when it changes.
  const report = useRef(onOutcome);
  useEffect(() => {
    report.current = onOutcome;
  }, [onOutcome]);

  useEffect(() => {
    open();
    const trigger = document.getElementById(triggerId);
    trigger?.addEventListener('click', open);
    return () => trigger?.removeEventListener('click', open);
  }, [open, triggerId]);

  const { value } = picker.state;
  useEffect(() => {
    if (!value) return;
    report.current({ kind: 'working' });
    const headers = { [LANGUAGE_HEADER]: language };
    void post(SITE_GROUP, 'meetingReschedule', { token, appointmentDate: value }, { headers }).then((result) => {
      if (result.kind === 'success') {
        dispatch({ type: 'reset' });
        const meeting = readMeeting(result.data);
        const message = (result.data as { message?: unknown }).message;
        report.current(
          meeting
            ? { kind: 'moved', body: { success: true, meeting, ...(typeof message === 'string' ? { message } : {}) } }
            : { kind: 'reload' },
        );
      } else if (result.kind === 'conflict' || result.kind === 'validation') {
        reopenTaken(result.message);
        report.current({ kind: 'notice', message: '' });
      } else if (result.kind === 'http-error' && (result.status === 404 || result.status === 410)) {
        dispatch({ type: 'reset' });
        report.current({ kind: 'reload' });
      } else {
        dispatch({ type: 'reset' });
        report.current({
          kind: 'notice',
          message: result.kind === 'network-error' ? connectionMessage : result.message || connectionMessage,
        });
      }
    });
  }, [value, token, language, dispatch, reopenTaken, connectionMessage]);

  return (
    <PickerDialog
      picker={picker}
      id="reprogramar-picker"
      triggerId={triggerId}
      title={title}
      description={picker.state.open ? current() : ''}
      texts={texts}
      locale={language}
    />
  );
}
