/**
 * What the API answers when a form is taken. Its refusals, with their statuses and messages, are the
 * registry's (server/errors.ts).
 */
export const MESSAGES = {
  success: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
} as const;
