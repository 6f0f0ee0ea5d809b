/** The five phases of the development process (`content/process.yaml`), in order. */
import { z } from 'astro/zod';
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { list, oneOf, strict, text, whole } from '../../core/content/common.ts';
import { icon } from './icons.ts';

/** In phase order: `phase` must be the id's position (1-5). */
export const PROCESS_PHASE_IDS = ['descubrimiento', 'arquitectura', 'desarrollo', 'lanzamiento', 'soporte'] as const;

export const processPhaseSchema = strict({
  id: oneOf(PROCESS_PHASE_IDS, 'una fase'),
  phase: whole('el número de fase', 1, PROCESS_PHASE_IDS.length),
  icon,
  title: text('el nombre de la fase', { max: 40 }),
  /** As shown on the card: "1-2 días", "Continuo". */
  duration: text('la duración, como "1-2 días"', { max: 40 }),
  description: text('una descripción'),
  activities: list(text('una actividad', { max: 120 }), 4, 6),
  deliverables: list(text('un entregable', { max: 120 }), 3, 5),
  /** Quality figures the phase commits to ("90%+" cobertura de pruebas...). */
  metrics: list(
    strict({ value: text('una cifra como "99.9%"', { max: 12 }), label: text('qué mide', { max: 60 }) }),
    1,
    3,
  ).optional(),
}).superRefine((phase, ctx) => {
  const expected = PROCESS_PHASE_IDS.indexOf(phase.id) + 1;
  // An out-of-range number already has its own message.
  const inRange = phase.phase >= 1 && phase.phase <= PROCESS_PHASE_IDS.length;
  if (inRange && phase.phase !== expected) {
    ctx.addIssue({ code: 'custom', path: ['phase'], message: `La fase "${phase.id}" es la número ${expected}` });
  }
});

export type ProcessPhase = z.infer<typeof processPhaseSchema>;

export const processRules: EntryRules = {
  source: 'content/process.yaml',
  ids: PROCESS_PHASE_IDS,
  check: (entries) =>
    entries.some((entry, index) => entry.id !== PROCESS_PHASE_IDS[index])
      ? [`Las fases deben ir en orden: ${PROCESS_PHASE_IDS.join(', ')}.`]
      : [],
};
