import type { ContactDetails } from '../../core/contact.ts';

/** Every message the API answers with, in Spanish, in one place. */
export const MESSAGES = {
  success: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
  validation: 'Error al enviar el formulario: revisa los campos marcados.',
  malformedJson: 'El cuerpo de la solicitud no es JSON válido.',
  notAnObject: 'El parámetro de datos debe ser un objeto.',
  payloadTooLarge: 'La solicitud es demasiado grande: el máximo es de 32 KB.',
  unsupportedMediaType: 'El contenido debe enviarse como JSON (Content-Type: application/json).',
  unsupportedCharset: 'El contenido debe enviarse en UTF-8 (Content-Type: application/json; charset=utf-8).',
  invalidUtf8: 'El cuerpo de la solicitud no es texto UTF-8 válido.',
  slotTaken: 'Ese horario acaba de ser reservado por alguien más. Elige otro horario, por favor.',
  notFound: 'La ruta solicitada no existe.',
  methodNotAllowed: 'Método no permitido para esta ruta.',
  forbiddenOrigin: 'Origen no permitido.',
  unavailable: 'El servicio se está reiniciando. Intenta de nuevo en unos segundos.',
  notReady: 'El servicio no está listo: no hay conexión con la base de datos.',
  databaseUnavailable:
    'No pudimos atender tu solicitud por una falla momentánea de nuestra base de datos. Intenta de nuevo en unos segundos.',
  badRequestTarget: 'La dirección solicitada no es válida.',
  internal: 'Ocurrió un error en el servidor. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.',
} as const;

/**
 * "Has enviado varias solicitudes seguidas…" with the wait rounded up to minutes, and the two channels that
 * reach the team right away: someone refused mid-enquiry should not have to wait to be heard.
 */
export function tooManyRequestsMessage(
  retryAfterSeconds: number,
  contact: Pick<ContactDetails, 'email' | 'whatsappNumber'>,
): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Has enviado varias solicitudes seguidas. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}, o escríbenos ahora por WhatsApp (wa.me/${contact.whatsappNumber}) o a ${contact.email}.`;
}

/** Too many `scheduleAvailable` calls from one address. */
export function tooManyScheduleRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Consultaste los horarios demasiadas veces seguidas. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/** A client or an e-mail that already booked its meetings for the day. */
export function bookingLimitMessage(perDay: number, contactEmail: string): string {
  const meetings = perDay === 1 ? 'una reunión' : `${perDay} reuniones`;
  return `Solo se pueden agendar ${meetings} al día por persona. Si necesitas otra, escríbenos a ${contactEmail} y la agendamos contigo.`;
}
