/**
 * The sales team's preliminary analysis of a lead: a 0-100 score, a priority and a revenue estimate.
 *
 * Lead score rule: every lead starts at LEAD_SCORE_DEFAULT (75: whoever takes the time to fill a form is
 * already a warm lead) and each rule below that applies adds or subtracts its points; the result is
 * clamped to 0-100.
 * Priority: 85 or more 'Alta', 65 or more 'Media', otherwise 'Baja'.
 */
import type { Offers } from '../../core/content/offers.ts';
import { FORM_DEFINITIONS } from '../../core/forms/definitions.ts';
import type { BudgetOption, FormLists, SelectOption } from '../../core/forms/options.ts';
import { leadForm } from './fields.ts';
import type { Lead } from './model.ts';

export const LEAD_SCORE_DEFAULT = 75;

type LeadFacts = Pick<Lead, 'kind' | 'fields'>;

/** What the analysis knows besides the lead: the lists (order and amounts of the options) and the offers. */
export interface AnalysisFacts {
  lists: FormLists;
  offers: Offers;
}

/** The options of the list a select field of this lead uses (budgets differ between forms). */
function optionsOf(lead: LeadFacts, field: string, facts: AnalysisFacts): readonly SelectOption[] | undefined {
  const key = FORM_DEFINITIONS[leadForm(lead)].fields.find((candidate) => candidate.name === field)?.options;
  return key ? facts.lists[key] : undefined;
}

export interface LeadScoreRule {
  id: string;
  points: number;
  /** Spanish, as the internal message lists it. */
  description: string;
  applies(lead: LeadFacts, facts: AnalysisFacts): boolean;
}

/** Whether an option sits on its list's scale: a budget with an amount, any period but a flexible date. */
function isRanked(field: 'budget' | 'timeline', option: SelectOption): boolean {
  return field === 'budget' ? hasAmount(option) : option.id !== 'flexible';
}

function hasAmount(
  option: SelectOption | undefined,
): option is BudgetOption & { currency: 'MXN' | 'USD'; estimate: number } {
  return (
    option !== undefined &&
    'estimate' in option &&
    option.estimate !== undefined &&
    'currency' in option &&
    option.currency !== undefined
  );
}

/** Position of the chosen option among the amounts/periods of its list, smallest first. */
function tier(
  lead: LeadFacts,
  field: 'budget' | 'timeline',
  facts: AnalysisFacts,
): { index: number; count: number } | undefined {
  const value = lead.fields[field];
  const list = optionsOf(lead, field, facts);
  if (!value || !list) return undefined;
  const ranked = list.filter((option) => isRanked(field, option));
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
    applies: (lead, facts) => {
      const position = tier(lead, 'budget', facts);
      return position !== undefined && position.index >= position.count - 2;
    },
  },
  {
    id: 'budget-low',
    points: -10,
    description: 'Presupuesto en el rango más bajo',
    applies: (lead, facts) => tier(lead, 'budget', facts)?.index === 0,
  },
  {
    id: 'budget-undecided',
    points: -5,
    description: 'Presupuesto aún por definir',
    applies: (lead, facts) => {
      const chosen = optionsOf(lead, 'budget', facts)?.find((option) => option.id === lead.fields.budget);
      return chosen !== undefined && !hasAmount(chosen);
    },
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
    applies: (lead, facts) => {
      const position = tier(lead, 'timeline', facts);
      return position !== undefined && position.index <= 1;
    },
  },
  {
    id: 'consulting',
    points: 5,
    description: 'Pidió un servicio de consultoría con precio publicado',
    applies: (lead, facts) => lead.fields.serviceType !== undefined && lead.fields.serviceType in facts.offers,
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
  reasons: Array<{ description: string; points: number }>;
  /** Spanish next step for the sales team. */
  recommendation: string;
  /** Revenue estimate, or `undefined` when nothing in the lead suggests an amount. */
  revenue?: { amount: number; currency: 'MXN' | 'USD' };
}

/** The deal size content/form-options.yaml gives the chosen budget (`estimate`), if it has an amount. */
export function budgetEstimate(option: SelectOption | undefined): LeadAnalysis['revenue'] {
  return hasAmount(option) ? { amount: option.estimate, currency: option.currency } : undefined;
}

function revenueOf(lead: LeadFacts, facts: AnalysisFacts): LeadAnalysis['revenue'] {
  const fromBudget = budgetEstimate(
    optionsOf(lead, 'budget', facts)?.find((option) => option.id === lead.fields.budget),
  );
  if (fromBudget) return fromBudget;
  const offer = lead.fields.serviceType === undefined ? undefined : facts.offers[lead.fields.serviceType];
  return offer ? { amount: offer.price.amount, currency: offer.price.currency } : undefined;
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

export function analyzeLead(lead: LeadFacts, facts: AnalysisFacts): LeadAnalysis {
  const reasons = LEAD_SCORE_RULES.filter((rule) => rule.applies(lead, facts)).map(({ description, points }) => ({
    description,
    points,
  }));
  const raw = reasons.reduce((total, reason) => total + reason.points, LEAD_SCORE_DEFAULT);
  const score = Math.min(100, Math.max(0, raw));
  const priority = priorityOf(score);
  const recommendation =
    lead.kind === 'project'
      ? `${RECOMMENDATIONS[priority]} Este formulario promete la estrategia inicial en menos de 24 horas.`
      : RECOMMENDATIONS[priority];
  const revenue = revenueOf(lead, facts);
  return revenue ? { score, priority, reasons, recommendation, revenue } : { score, priority, reasons, recommendation };
}
