/**
 * Each form field's name in Spanish as the sales team reads it (the inbox, the CSV, the privacy notice's
 * list of data). Field names are the API contract's keys; a form definition may give a field another label
 * where its page asks for it (the start-project phone is "WhatsApp"). What a visitor reads on a form, in
 * each language, is the catalogue's (content/i18n, groups fields, hints, forms and validation; copy.ts).
 */
export const FIELD_LABELS = {
  name: 'Nombre completo',
  email: 'Correo electrónico',
  company: 'Empresa',
  phone: 'Teléfono',
  projectType: 'Tipo de proyecto',
  budget: 'Presupuesto estimado',
  timeline: '¿Para cuándo lo necesitas?',
  message: '¿En qué te podemos ayudar?',
  description: 'Describe tu proyecto',
  urgency: 'Urgencia',
  currentSituation: 'Situación actual',
  appointmentDate: 'Reunión por videollamada',
  serviceType: 'Servicio de consultoría',
  currentInfrastructure: 'Infraestructura actual',
  systemType: 'Tipo de sistema',
  userCount: 'Usuarios del sistema',
  challenges: 'Principales retos',
  goals: 'Objetivos',
  migrationGoals: 'Objetivos de la migración',
  currentSystems: 'Sistemas que usas hoy',
  integrationType: 'Tipo de integración',
  businessGoals: 'Objetivos de negocio',
} as const;

export type FieldName = keyof typeof FIELD_LABELS;

/** `autocomplete` tokens, so browsers and password managers fill the contact fields. */
export const FIELD_AUTOCOMPLETE: Partial<Record<FieldName, string>> = {
  name: 'name',
  email: 'email',
  company: 'organization',
  phone: 'tel',
};
