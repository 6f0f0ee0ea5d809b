/**
 * What the visitor is told after pressing send, from the request helper's result:
 * the words, the tone, and what the form does next (reset, keep the values, reopen the picker).
 */
import type { ApiResult } from '../api/client.ts';
import type { SubmissionReceipt } from '../../../core/api/answers.ts';
import { formatAppointmentLong } from '../../../core/dates.ts';
import { SITE } from '../../../core/site.ts';

export const FORM_FEEDBACK = {
  success: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
  failure: 'Error al enviar el formulario',
  connection: 'Error de conexión con el servidor',
  invalid: 'Revisa los campos marcados: cada uno dice qué falta.',
  slotTaken: 'Ese horario acaba de ser reservado por alguien más. Elige otro horario, por favor.',
  rateLimited: 'Has enviado varias solicitudes seguidas. Intenta de nuevo más tarde.',
  sending: 'Enviando…',
} as const;

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
export function invalidOutcome(): FormOutcome {
  return outcome('error', FORM_FEEDBACK.failure, [FORM_FEEDBACK.invalid]);
}

/**
 * @param appointment the slot that was sent (`YYYY-MM-DDTHH:mm`) or ''
 * @param contactEmail where to write when the site cannot reach the API
 */
export function submissionOutcome(
  result: ApiResult<SubmissionReceipt>,
  appointment: string,
  contactEmail: string,
): FormOutcome {
  const writeUs = `Inténtalo de nuevo en unos minutos o escríbenos a ${contactEmail}.`;
  switch (result.kind) {
    case 'success': {
      // Only what the answer says: a backend that books nothing, or sends no reference, is not contradicted.
      const { appointmentDate, reference } = result.data;
      const details: string[] = [];
      if (appointmentDate)
        details.push(`Agendamos tu reunión para el ${formatAppointmentLong(appointmentDate)} (${SITE.timeZoneName}).`);
      else if (appointment)
        details.push(
          `Te confirmaremos por correo la reunión que pediste para el ${formatAppointmentLong(appointment)} (${SITE.timeZoneName}).`,
        );
      if (reference) details.push(`Tu número de referencia es ${reference}.`);
      return outcome('success', FORM_FEEDBACK.success, details, { reset: true });
    }
    case 'validation':
      return outcome('error', FORM_FEEDBACK.failure, [FORM_FEEDBACK.invalid], { fieldErrors: result.errors });
    case 'conflict':
      return outcome('error', FORM_FEEDBACK.failure, [result.message || FORM_FEEDBACK.slotTaken], {
        reopenPicker: true,
      });
    case 'rate-limited':
      return outcome('error', FORM_FEEDBACK.failure, [result.message || FORM_FEEDBACK.rateLimited]);
    case 'http-error':
      return outcome('error', FORM_FEEDBACK.failure, result.message ? [result.message, writeUs] : [writeUs]);
    case 'network-error':
      return outcome('error', FORM_FEEDBACK.connection, [
        `No recibimos respuesta del servidor. Tus datos siguen en el formulario. ${writeUs}`,
      ]);
  }
}
