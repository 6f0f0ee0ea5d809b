/** Every message the API answers with, in Spanish, in one place. */
export const MESSAGES = {
  success: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
  validation: 'Error al enviar el formulario: revisa los campos marcados.',
  malformedJson: 'El cuerpo de la solicitud no es JSON válido.',
  notAnObject: 'El parámetro de datos debe ser un objeto.',
  payloadTooLarge: 'La solicitud es demasiado grande: el máximo es de 32 KB.',
  unsupportedMediaType: 'El contenido debe enviarse como JSON (Content-Type: application/json).',
  slotTaken: 'Ese horario acaba de ser reservado por alguien más. Elige otro horario, por favor.',
  notFound: 'La ruta solicitada no existe.',
  methodNotAllowed: 'Método no permitido para esta ruta.',
  forbiddenOrigin: 'Origen no permitido.',
  unavailable: 'El servicio se está reiniciando. Intenta de nuevo en unos segundos.',
  internal: 'Ocurrió un error en el servidor. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.',
} as const;

/** "Has enviado varias solicitudes seguidas…" with the wait rounded up to minutes. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Has enviado varias solicitudes seguidas. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}
