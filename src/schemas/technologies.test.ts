import { describe, expect, it } from 'vitest';
import { entryProblems } from '../lib/content/strict-loader.ts';
import { technologyRules, technologySchema } from './technologies.ts';
import { changed, issues, listEntries, REMOVE } from './test-support.ts';

const all = listEntries('technologies.yaml');
const react = all[0]!;

describe('technologies schema', () => {
  it('accepts every entry of the real content/technologies.yaml', () => {
    expect(all.flatMap((entry) => issues(technologySchema, entry))).toEqual([]);
  });

  it('rejects a level other than Expert or Advanced', () => {
    expect(issues(technologySchema, changed(react, 'level', 'Intermediate'))).toEqual([
      'level: "Intermediate" no es válido: se espera un nivel (Expert, Advanced)',
    ]);
  });

  it('rejects an unknown category, a missing description and an unknown key', () => {
    expect(issues(technologySchema, changed(react, 'category', 'DevOps'))).toEqual([
      'category: "DevOps" no es válido: se espera una categoría (Frontend, Backend, Cloud, Mobile)',
    ]);
    expect(issues(technologySchema, changed(react, 'description', REMOVE))).toEqual([
      'description: Falta este campo: se espera una descripción breve',
    ]);
    expect(issues(technologySchema, changed(react, 'nivel', 'Expert'))[0]).toMatch(
      /^nivel: Campo desconocido: los campos válidos son id, name/,
    );
  });

  it('rejects an id that is not kebab-case and a name given as a number', () => {
    expect(issues(technologySchema, changed(react, 'id', 'React JS'))[0]).toMatch(
      /^id: Se espera un identificador en minúsculas/,
    );
    expect(issues(technologySchema, changed(react, 'name', 42))).toEqual([
      'name: Se espera el nombre de la tecnología, no un número',
    ]);
  });
});

describe('technology entry rules', () => {
  const entries = all.map((entry) => ({ id: String(entry.id), data: entry }));

  it('accepts the real list (20+ with 4+ per category)', () => {
    expect(entryProblems(entries, technologyRules)).toEqual([]);
  });

  it('rejects fewer than 20 technologies and a category with fewer than 4', () => {
    const withoutMobile = entries.filter((entry) => entry.data.category !== 'Mobile');
    const problems = entryProblems(
      [...withoutMobile, ...entries.filter((entry) => entry.data.category === 'Mobile').slice(0, 3)],
      technologyRules,
    );
    expect(problems).toContain('La categoría Mobile tiene 3 tecnologías; se esperan al menos 4.');
    expect(entryProblems(entries.slice(0, 19), technologyRules)).toContain(
      'content/technologies.yaml tiene 19 entradas; se esperan al menos 20.',
    );
  });
});
