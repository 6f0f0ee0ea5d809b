/**
 * What the visitor reads next to each form field (es-MX). Field names are the API contract's keys; a form
 * definition may give a field another label where its page asks for it (the start-project phone is
 * "WhatsApp"). Validation messages are not here: they come with the schemas (fields.ts).
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

/** Shown after the label of every required field, as words (not only an asterisk). */
export const REQUIRED_MARK = '(obligatorio)';

/** The empty first option of every select. */
export const SELECT_PLACEHOLDER = 'Selecciona una opción';

/** A line under the field that helps fill it in. */
export const FIELD_HINTS: Partial<Record<FieldName, string>> = {
  phone: '10 dígitos; puedes anteponer +52. Ejemplo: 33 1234 5678.',
  email: 'Ahí te enviamos la confirmación y la respuesta de nuestro equipo.',
  description: 'Qué quieres construir, para quién y qué debe resolver.',
  currentSituation: 'Cómo lo resuelven hoy: hojas de cálculo, un sistema actual, WhatsApp…',
  currentSystems: 'Por ejemplo: CONTPAQi, Shopify, hojas de Google, un CRM.',
};

/** `autocomplete` tokens, so browsers and password managers fill the contact fields. */
export const FIELD_AUTOCOMPLETE: Partial<Record<FieldName, string>> = {
  name: 'name',
  email: 'email',
  company: 'organization',
  phone: 'tel',
};

/** The honeypot's label: read by bots that fill every field, hidden from people and screen readers. */
export const HONEYPOT_LABEL = 'Sitio web (deja este campo vacío)';
