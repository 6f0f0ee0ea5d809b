/**
 * `content/offers.yaml`: the name, price and duration of every consulting service and of the
 * infrastructure audit. The consulting and audit pages, the consulting form's service list, the
 * confirmation e-mails and the sales analysis all read these figures from here.
 */
import { z } from 'zod';
import { AUDIT_SERVICE } from '../forms/kinds.ts';
import { oneOf, strict, text, whole } from './common.ts';

export const OFFERS_FILE = 'content/offers.yaml';
export const AUDIT_OFFER_ID = AUDIT_SERVICE;

const offerId = z
  .string({ error: 'Se espera un identificador' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'El identificador va en minúsculas con guiones, como "security-audit"');

const duration = strict({
  min: whole('la duración mínima', 1, 365),
  max: whole('la duración máxima', 1, 365),
  unit: oneOf(['day', 'week', 'month'], 'la unidad de la duración'),
}).refine((value) => value.min <= value.max, { message: 'min no puede ser mayor que max', path: ['max'] });

const offerSchema = strict({
  label: text('el nombre del servicio', { max: 60 }),
  price: strict({
    amount: whole('el precio sin decimales ni comas', 100, 1_000_000),
    currency: oneOf(['USD', 'MXN'], 'la moneda'),
    /** "desde": the amount is a starting point rather than a fixed price. */
    from: z.boolean({ error: 'Se espera true (precio "desde") o false (precio fijo), sin comillas' }),
  }),
  duration,
  /** Only the audit promises a return and post-audit support. */
  roi: strict({
    minPercent: whole('un porcentaje', 1, 10_000),
    maxPercent: whole('un porcentaje', 1, 10_000),
    months: whole('un número de meses', 1, 36),
  })
    .refine((value) => value.minPercent <= value.maxPercent, {
      message: 'minPercent no puede ser mayor que maxPercent',
      path: ['maxPercent'],
    })
    .optional(),
  supportDays: whole('los días de soporte posterior', 1, 365).optional(),
});

export const offersSchema = z
  .record(offerId, offerSchema, { error: 'Se espera un bloque por servicio: id: { label, price, duration }' })
  .superRefine((offers, context) => {
    if (Object.keys(offers).length === 0)
      context.addIssue({ code: 'custom', message: 'Se espera al menos un servicio' });
    const audit = offers[AUDIT_OFFER_ID];
    if (!audit)
      context.addIssue({
        code: 'custom',
        path: [AUDIT_OFFER_ID],
        message: 'Falta la auditoría de infraestructura (tiene página propia)',
      });
    else {
      if (!audit.roi)
        context.addIssue({
          code: 'custom',
          path: [AUDIT_OFFER_ID, 'roi'],
          message: 'Falta el retorno de inversión que promete la auditoría',
        });
      if (!audit.supportDays)
        context.addIssue({
          code: 'custom',
          path: [AUDIT_OFFER_ID, 'supportDays'],
          message: 'Faltan los días de soporte posteriores a la auditoría',
        });
    }
  });

export type OfferFacts = z.output<typeof offerSchema>;
export type Offers = z.output<typeof offersSchema>;

export interface Offer extends OfferFacts {
  id: string;
}

/** The offers in file order, each with its id. */
export function offerList(offers: Offers): Offer[] {
  return Object.entries(offers).map(([id, offer]) => ({ id, ...offer }));
}

/** The technology consulting offers: every offer but the audit, which has its own page. */
export function consultingOffers(offers: Offers): Offer[] {
  return offerList(offers).filter((offer) => offer.id !== AUDIT_OFFER_ID);
}

/** The consulting form's service list: every offer (the audit included), by id and name. */
export function consultingServices(offers: Offers): Array<{ id: string; label: string }> {
  return offerList(offers).map(({ id, label }) => ({ id, label }));
}
