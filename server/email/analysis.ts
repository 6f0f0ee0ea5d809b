/**
 * The sales team's preliminary analysis of a lead: a 0-100 score, a priority and a revenue estimate.
 *
 * Lead score rule: every lead starts at 75 (the specification's default: whoever fills a form is a warm
 * lead) and each rule below that applies adds or subtracts its points; the result is clamped to 0-100.
 * Priority: 85 or more 'Alta', 65 or more 'Media', otherwise 'Baja'.
 */
import { consultingOffers } from '../../src/lib/forms/options.ts';
import { FORM_TYPES } from '../../src/lib/forms/schemas.ts';
import { optionListFor, type EmailLead } from './lead.ts';

export const LEAD_SCORE_DEFAULT = 75;

type LeadFacts = Pick<EmailLead, 'formType' | 'fields'>;

export interface LeadScoreRule {
  id: string;
  points: number;
  /** Spanish, as the internal message lists it. */
  description: string;
  applies(lead: LeadFacts): boolean;
}

/** Position of the chosen option among the amounts/periods of its list ('undecided' excluded). */
function tier(lead: LeadFacts, field: 'budget' | 'timeline'): { index: number; count: number } | undefined {
  const value = lead.fields[field];
  const list = optionListFor(lead, field);
  if (!value || !list || value === 'undecided') return undefined;
  const ranked = list.filter((option) => option.id !== 'undecided' && option.id !== 'flexible');
  const index = ranked.findIndex((option) => option.id === value);
  return index < 0 ? undefined : { index, count: ranked.length };
}

const longestText = (lead: LeadFacts): number =>
  Math.max(
    0,
    ...['message', 'description', 'challenges', 'goals', 'businessGoals', 'currentSituation'].map(
      (field) => lead.fields[field]?.length ?? 0,
    ),
  );

export const LEAD_SCORE_RULES: readonly LeadScoreRule[] = [
  {
    id: 'meeting',
    points: 10,
    description: 'Agendó una reunión desde el sitio',
    applies: (lead) => Boolean(lead.fields.appointmentDate),
  },
  {
    id: 'phone',
    points: 5,
    description: 'Dejó teléfono o WhatsApp',
    applies: (lead) => Boolean(lead.fields.phone),
  },
  {
    id: 'no-company',
    points: -10,
    description: 'No indicó empresa',
    applies: (lead) => !lead.fields.company,
  },
  {
    id: 'budget-high',
    points: 10,
    description: 'Presupuesto en los dos rangos más altos',
    applies: (lead) => {
      const position = tier(lead, 'budget');
      return position !== undefined && position.index >= position.count - 2;
    },
  },
  {
    id: 'budget-low',
    points: -10,
    description: 'Presupuesto en el rango más bajo',
    applies: (lead) => tier(lead, 'budget')?.index === 0,
  },
  {
    id: 'budget-undecided',
    points: -5,
    description: 'Presupuesto aún por definir',
    applies: (lead) => lead.fields.budget === 'undecided',
  },
  {
    id: 'urgency-high',
    points: 10,
    description: 'Urgencia alta o crítica',
    applies: (lead) => lead.fields.urgency === 'high' || lead.fields.urgency === 'critical',
  },
  {
    id: 'urgency-low',
    points: -10,
    description: 'Urgencia baja: está comparando opciones',
    applies: (lead) => lead.fields.urgency === 'low',
  },
  {
    id: 'timeline-soon',
    points: 5,
    description: 'Quiere arrancar pronto (los dos plazos más cortos)',
    applies: (lead) => {
      const position = tier(lead, 'timeline');
      return position !== undefined && position.index <= 1;
    },
  },
  {
    id: 'consulting',
    points: 5,
    description: 'Pidió un servicio de consultoría con precio publicado',
    applies: (lead) => consultingOffers.some((offer) => offer.id === lead.fields.serviceType),
  },
  {
    id: 'detailed',
    points: 5,
    description: 'Describió su necesidad con detalle (200 caracteres o más)',
    applies: (lead) => longestText(lead) >= 200,
  },
];

export type Priority = 'Alta' | 'Media' | 'Baja';

export interface LeadAnalysis {
  score: number;
  priority: Priority;
  /** The rules that applied, in order. */
  reasons: { description: string; points: number }[];
  /** Spanish next step for the sales team. */
  recommendation: string;
  /** Revenue estimate, or `undefined` when nothing in the lead suggests an amount. */
  revenue?: { amount: number; currency: 'MXN' | 'USD' };
}

/** Rough deal size per budget option: the middle of the range, or its floor for open-ended ones. */
const BUDGET_ESTIMATES: Readonly<Record<string, { amount: number; currency: 'MXN' | 'USD' }>> = {
  'up-to-100k': { amount: 75_000, currency: 'MXN' },
  '100k-300k': { amount: 200_000, currency: 'MXN' },
  '300k-700k': { amount: 500_000, currency: 'MXN' },
  '700k-1500k': { amount: 1_100_000, currency: 'MXN' },
  '1500k-plus': { amount: 1_500_000, currency: 'MXN' },
  '5k-15k': { amount: 10_000, currency: 'USD' },
  '15k-30k': { amount: 22_500, currency: 'USD' },
  '30k-60k': { amount: 45_000, currency: 'USD' },
  '60k-120k': { amount: 90_000, currency: 'USD' },
  '120k-plus': { amount: 120_000, currency: 'USD' },
  '2k-5k': { amount: 3_500, currency: 'USD' },
  '5k-10k': { amount: 7_500, currency: 'USD' },
  '10k-25k': { amount: 17_500, currency: 'USD' },
  '25k-50k': { amount: 37_500, currency: 'USD' },
  '50k-plus': { amount: 50_000, currency: 'USD' },
};

export function budgetEstimate(budgetId: string | undefined): LeadAnalysis['revenue'] {
  return budgetId ? BUDGET_ESTIMATES[budgetId] : undefined;
}

function revenueOf(lead: LeadFacts): LeadAnalysis['revenue'] {
  const fromBudget = budgetEstimate(lead.fields.budget);
  if (fromBudget) return fromBudget;
  const offer = consultingOffers.find((candidate) => candidate.id === lead.fields.serviceType);
  return offer ? { amount: offer.priceUsd, currency: 'USD' } : undefined;
}

export function priorityOf(score: number): Priority {
  if (score >= 85) return 'Alta';
  if (score >= 65) return 'Media';
  return 'Baja';
}

const RECOMMENDATIONS: Record<Priority, string> = {
  Alta: 'Responder en menos de 2 horas, confirmar la reunión y preparar una propuesta en 24 horas.',
  Media: 'Responder hoy con dos o tres preguntas para acotar alcance, presupuesto y fechas.',
  Baja: 'Responder en menos de 24 horas con casos de éxito parecidos y rangos de inversión.',
};

export function analyzeLead(lead: LeadFacts): LeadAnalysis {
  const reasons = LEAD_SCORE_RULES.filter((rule) => rule.applies(lead)).map(({ description, points }) => ({
    description,
    points,
  }));
  const raw = reasons.reduce((total, reason) => total + reason.points, LEAD_SCORE_DEFAULT);
  const score = Math.min(100, Math.max(0, raw));
  const priority = priorityOf(score);
  const recommendation =
    lead.formType === FORM_TYPES.project
      ? `${RECOMMENDATIONS[priority]} Este formulario promete la estrategia inicial en menos de 24 horas.`
      : RECOMMENDATIONS[priority];
  const revenue = revenueOf(lead);
  return revenue ? { score, priority, reasons, recommendation, revenue } : { score, priority, reasons, recommendation };
}
