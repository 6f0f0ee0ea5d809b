/** E-mail subjects, exactly as the specification (§9) words them, `{product}` being the brand. */
import { FORM_TYPES } from '../../src/lib/forms/schemas.ts';

export type Audience = 'client' | 'internal';

export function emailSubject(formType: number | undefined, audience: Audience | undefined, product: string): string {
  const known = formType === FORM_TYPES.small || formType === FORM_TYPES.big || formType === FORM_TYPES.project || formType === FORM_TYPES.consultancy;
  if (!known || audience === undefined) return `Notificación - ${product}`;
  if (audience === 'client') {
    if (formType === FORM_TYPES.small || formType === FORM_TYPES.big) return `Hemos recibido tu mensaje - ${product}`;
    if (formType === FORM_TYPES.project) return `Confirmación de Proyecto - ${product}`;
    return `Solicitud de Consultoría Recibida - ${product}`;
  }
  if (formType === FORM_TYPES.small || formType === FORM_TYPES.big) return `Nuevo Contacto Recibido - ${product}`;
  if (formType === FORM_TYPES.project) return `Nuevo Proyecto Registrado - ${product}`;
  return `Nueva Solicitud de Consultoría - ${product}`;
}
