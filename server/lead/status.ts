/**
 * Where a lead stands in the sales pipeline, and the word a person reads for it. The inbox moves leads
 * between them (server/admin/lifecycle.ts holds the rules); the export of a person's data names them too.
 */
export const LEAD_STATUSES = ['nuevo', 'contactado', 'propuesta', 'ganado', 'perdido'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  nuevo: 'Nuevo',
  contactado: 'Contactado',
  propuesta: 'Propuesta',
  ganado: 'Ganado',
  perdido: 'Perdido',
};
