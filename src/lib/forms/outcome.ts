/**
 * What the visitor is told after pressing send, from the request helper's result:
 * the words, the tone, and what the form does next (reset, keep the values, reopen the picker).
 */
import type { ApiResult } from '../api/client.ts';
import type { SubmissionReceipt } from '../../../core/api/answers.ts';
import { formatAppointmentLong } from '../../../core/dates.ts';
import { formWord, type FormCopy, type FormWordKey } from '../../../core/forms/copy.ts';

export interface FormOutcome {
  tone: 'success' | 'error';
  title: string;
  details: string[];
  /** Empty every field (after a success). */
  reset: boolean;
  /** Field errors the server returned, to show next to their fields. */
  fieldErrors: Record<string, string>;
  /** The meeting slot was taken meanwhile: reopen the picker on fresh slots. */
  reopenPicker: boolean;
}

const outcome = (
  tone: FormOutcome['tone'],
  title: string,
  details: string[],
  extra: Partial<FormOutcome> = {},
): FormOutcome => ({
  tone,
  title,
  details,
  reset: false,
  fieldErrors: {},
  reopenPicker: false,
  ...extra,
});

/** The form's own check failed: nothing was sent. */
export function invalidOutcome(copy: FormCopy): FormOutcome {
  return outcome('error', formWord(copy, 'error'), [formWord(copy, 'errorHint')]);
}

/**
 * @param appointment the slot that was sent (`YYYY-MM-DDTHH:mm`) or ''
 * @param contactEmail where to write when the site cannot reach the API
 * @param copy the form's words in the page's language (core/forms/copy.ts)
 */
export function submissionOutcome(
  result: ApiResult<SubmissionReceipt>,
  appointment: string,
  contactEmail: string,
  copy: FormCopy,
): FormOutcome {
  const say = (key: FormWordKey, values: Record<string, string> = {}) => formWord(copy, key, values);
  const meeting = (slot: string) => ({
    fecha: formatAppointmentLong(slot, copy.locale),
    zona: say('timeZone'),
  });
  const writeUs = say('writeUs', { correo: contactEmail });
  switch (result.kind) {
    case 'success': {
      // Only what the answer says: a backend that books nothing, or sends no reference, is not contradicted.
      const { appointmentDate, reference } = result.data;
      const details: string[] = [];
      if (appointmentDate) details.push(say('meetingBooked', meeting(appointmentDate)));
      else if (appointment) details.push(say('meetingRequested', meeting(appointment)));
      if (reference) details.push(say('reference', { referencia: reference }));
      return outcome('success', say('success'), details, { reset: true });
    }
    case 'validation':
      return outcome('error', say('error'), [say('errorHint')], { fieldErrors: result.errors });
    case 'conflict':
      return outcome('error', say('error'), [result.message || say('slotTaken')], {
        reopenPicker: true,
      });
    case 'rate-limited':
      return outcome('error', say('error'), [result.message || say('rateLimited')]);
    case 'http-error':
      return outcome('error', say('error'), result.message ? [result.message, writeUs] : [writeUs]);
    case 'network-error':
      return outcome('error', say('connectionError'), [`${say('noAnswer')} ${writeUs}`]);
  }
}
