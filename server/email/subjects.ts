/** E-mail subjects by kind of lead and audience, `{product}` being the brand. */
import type { LeadKind } from '../../core/forms/kinds.ts';

export type Audience = 'client' | 'internal';

const SUBJECTS: Readonly<Record<Audience, Readonly<Record<LeadKind, string>>>> = {
  client: {
    small: 'Hemos recibido tu mensaje',
    big: 'Hemos recibido tu mensaje',
    project: 'Confirmación de Proyecto',
    consultancy: 'Solicitud de Consultoría Recibida',
  },
  internal: {
    small: 'Nuevo Contacto Recibido',
    big: 'Nuevo Contacto Recibido',
    project: 'Nuevo Proyecto Registrado',
    consultancy: 'Nueva Solicitud de Consultoría',
  },
};

/** 'Notificación' when the kind or the audience is unknown (a message re-sent from an old row, say). */
export function emailSubject(kind: LeadKind | undefined, audience: Audience | undefined, product: string): string {
  const subject = kind && audience ? SUBJECTS[audience][kind] : undefined;
  return `${subject ?? 'Notificación'} - ${product}`;
}
