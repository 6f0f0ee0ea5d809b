import { describe, expect, it } from 'vitest';
import { entryProblems } from '../lib/content/strict-loader.ts';
import { PROCESS_PHASE_IDS, processPhaseSchema, processRules } from './process.ts';
import { changed, issues, listEntries, REMOVE } from './test-support.ts';

const phases = listEntries('process.yaml');
const discovery = phases[0]!;

describe('process schema', () => {
  it('accepts the five real phases', () => {
    expect(phases.flatMap((phase) => issues(processPhaseSchema, phase))).toEqual([]);
  });

  it('rejects a phase number that does not match the phase', () => {
    expect(issues(processPhaseSchema, changed(discovery, 'phase', 2))).toEqual([
      'phase: La fase "descubrimiento" es la número 1',
    ]);
    expect(issues(processPhaseSchema, changed(discovery, 'phase', 6))).toEqual([
      'phase: Se espera el número de fase de 1 a 5',
    ]);
  });

  it('rejects too few activities, too many deliverables and a missing duration', () => {
    const activities = ['Entrevistas', 'Revisión', 'Objetivos'];
    expect(issues(processPhaseSchema, changed(discovery, 'activities', activities))).toEqual([
      'activities: Se esperan entre 4 y 6 elementos',
    ]);
    const deliverables = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis'];
    expect(issues(processPhaseSchema, changed(discovery, 'deliverables', deliverables))).toEqual([
      'deliverables: Se esperan entre 3 y 5 elementos',
    ]);
    expect(issues(processPhaseSchema, changed(discovery, 'duration', REMOVE))).toEqual([
      'duration: Falta este campo: se espera la duración, como "1-2 días"',
    ]);
  });

  it('rejects an unknown phase id and an unknown key', () => {
    expect(issues(processPhaseSchema, changed(discovery, 'id', 'pruebas'))[0]).toMatch(
      /^id: "pruebas" no es válido: se espera una fase/,
    );
    expect(issues(processPhaseSchema, changed(discovery, 'entregables', []))[0]).toMatch(
      /^entregables: Campo desconocido: los campos válidos son id, phase/,
    );
  });
});

describe('process entry rules', () => {
  const entries = PROCESS_PHASE_IDS.map((id) => ({ id, data: {} }));

  it('accepts the five phases in order', () => {
    expect(entryProblems(entries, processRules)).toEqual([]);
  });

  it('rejects a missing phase and phases out of order', () => {
    expect(entryProblems(entries.slice(0, 4), processRules)).toContain(
      'Falta la entrada "soporte" en content/process.yaml.',
    );
    expect(entryProblems([...entries].reverse(), processRules)).toEqual([
      'Las fases deben ir en orden: descubrimiento, arquitectura, desarrollo, lanzamiento, soporte.',
    ]);
  });
});
