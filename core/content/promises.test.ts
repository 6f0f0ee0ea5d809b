import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { placeholderProblem } from '../i18n/catalogue.ts';
import { fieldLabel, FORM_DEFINITIONS } from '../forms/definitions.ts';
import { EMAILS_FILE, emailsSchema } from './emails.ts';
import { loadContentFacts } from './load.ts';
import { ContentError, parseContent } from './parse.ts';
import { isPromisePlaceholder } from './promise-names.ts';
import { PROMISES_FILE, promisePlaceholders, promisesSchema, readPromisePlaceholders } from './promises.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const promises = readPromisePlaceholders(root);

/** Every Spanish text file an editor writes for the public site (not the English copy, not the wiki). */
function spanishContent(dir = join(root, 'content')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const rel = relative(join(root, 'content'), path);
    if (['en', 'wiki', 'i18n', 'portfolio', 'README.md', 'promises.yaml'].includes(rel)) return [];
    if (statSync(path).isDirectory()) return spanishContent(path);
    return /\.(ya?ml|md)$/.test(name) ? [path] : [];
  });
}

/** The lines of content/ (comments out) that match `pattern`, as `file: line`. */
function statedOutsidePromises(pattern: RegExp): string[] {
  return spanishContent().flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#') && pattern.test(line))
      .map((line) => `${relative(root, path)}: ${line.trim()}`),
  );
}

describe('content/promises.yaml: each promise written once', () => {
  it('gives every placeholder a value from the file, the service pages and the booking rules', () => {
    expect(promises).toMatchObject({
      plazoPropuesta: '24 horas después de la reunión',
      horasPropuesta: '24',
      formatoReunion: 'videollamada de 60 minutos',
      diasReunion: '60',
      plazoReunion: '48 horas',
      horasReunion: '48',
      monedaPrecios: 'dólares',
      semanasAplicacionesWeb: '4 a 8 semanas',
      semanasEcommerce: '8 a 16 semanas',
      semanasSistemasEmpresariales: '12 a 24 semanas',
      semanasDesarrollo: '3-24 semanas',
    });
    for (const name of Object.keys(promises)) expect(isPromisePlaceholder(name), name).toBe(true);
  });

  it('no text of content/ states the proposal time, a duration or the kind of meeting by hand', () => {
    // The sentences the site used to contradict itself with: each must quote its placeholder instead.
    expect(statedOutsidePromises(/propuesta[^.]*\ben (\d+ ?(h|horas)|una semana)\b/i)).toEqual([]);
    expect(statedOutsidePromises(/estrategia[^.]*\ben \d+ ?(h|horas)\b/i)).toEqual([]);
    // Sprints of 1 to 2 weeks are how we work, not how long a project takes.
    expect(statedOutsidePromises(/\b(?!1 a 2 semanas)\d+ a \d+ semanas\b/)).toEqual([]);
    expect(statedOutsidePromises(/^\s*duration: \d+-\d+ semanas/)).toEqual([]);
    expect(statedOutsidePromises(/videollamada o visita|plazo (máximo )?de \d+ horas/i)).toEqual([]);
  });

  it('writes pyme the way Spanish does, lowercase, in every text', () => {
    expect(statedOutsidePromises(/\bPyMEs?\b|\bPYMEs?\b/)).toEqual([]);
  });

  it('is quoted where the promise is made: FAQ, process, contact, consulting, services, e-mails', () => {
    const text = (file: string) => readFileSync(join(root, file), 'utf8');
    expect(text('content/faq.yaml')).toMatch(
      /\{plazoPropuesta\}[\s\S]*\{formatoReunion\}|\{formatoReunion\}[\s\S]*\{plazoPropuesta\}/,
    );
    expect(text('content/faq.yaml')).toContain('{monedaPrecios}');
    expect(text('content/process.yaml')).toContain("duration: '{semanasDesarrollo}'");
    expect(text('content/pages/contacto.yaml')).toContain('{plazoReunion}');
    expect(text('content/pages/consultoria-tecnologica.yaml')).toContain('{plazoPropuesta}');
    expect(loadContentFacts(root).emails.client.intro.project).toContain(promises.plazoPropuesta);
  });

  it('refuses a duration that runs backwards and a project already timed by its service page', () => {
    const source = readFileSync(join(root, PROMISES_FILE), 'utf8');
    expect(() =>
      parseContent(PROMISES_FILE, source.replace('{ min: 12, max: 24 }', '{ min: 24, max: 12 }'), promisesSchema),
    ).toThrow(/projectWeeks\.sistemas-empresariales\.max: min no puede ser mayor que max/);
    expect(() => parseContent(PROMISES_FILE, source.replace('hours: 24', 'hours: "24 h"'), promisesSchema)).toThrow(
      ContentError,
    );
    const parsed = parseContent(PROMISES_FILE, source, promisesSchema);
    expect(promisePlaceholders(parsed, { 'sistemas-empresariales': { min: 1, max: 1 } })).toMatchObject({
      semanasSistemasEmpresariales: '1 semana',
      semanasDesarrollo: '1 semana',
    });
  });

  it('leaves the promises out of what a translation must repeat, and refuses them in one', () => {
    expect(
      placeholderProblem('Llega {plazoPropuesta}; {Casos} casos.', 'It arrives within a day; {Casos} cases.'),
    ).toBe(undefined);
    expect(placeholderProblem('Llega mañana.', 'It arrives {plazoPropuesta}.')).toMatch(/quítalos de la traducción/);
  });
});

describe("promises and the e-mails' own data", () => {
  it('never share a name: the promises are filled into the e-mails before the server fills its own data', () => {
    // A text of content/emails.yaml that the schema accepts unfilled uses that placeholder as the e-mail's
    // own datum (the meeting's date, say); a promise of the same name would overwrite it in every message.
    const raw = parseContent(EMAILS_FILE, readFileSync(join(root, EMAILS_FILE), 'utf8'), z.unknown());
    const refused = new Set((emailsSchema.safeParse(raw).error?.issues ?? []).map((issue) => issue.path.join('.')));
    const clashes: string[] = [];
    const visit = (value: unknown, path: string[]): void => {
      if (typeof value === 'string') {
        const promised = [...value.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').filter(isPromisePlaceholder);
        if (promised.length > 0 && !refused.has(path.join('.')))
          clashes.push(`${path.join('.')}: {${promised.join('}, {')}}`);
      } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, String(index)]));
      else if (typeof value === 'object' && value !== null)
        for (const [key, inner] of Object.entries(value)) visit(inner, [...path, key]);
    };
    visit(raw, []);
    expect(clashes).toEqual([]);
  });
});

describe('the budget currency: the one of its list', () => {
  it('writes the list’s currency after "Presupuesto" on every form that asks it', () => {
    const { lists } = loadContentFacts(root);
    const labels = Object.values(FORM_DEFINITIONS).flatMap((form) =>
      form.fields.filter((field) => field.name === 'budget').map((field) => [form.id, fieldLabel(field, lists)]),
    );
    expect(Object.fromEntries(labels)).toEqual({
      big: 'Presupuesto estimado (MXN)',
      project: 'Presupuesto estimado (MXN)',
      cloudMigration: 'Presupuesto (USD)',
      integrations: 'Presupuesto (USD)',
    });
    const inPesos = {
      ...lists,
      cloudBudgets: lists.cloudBudgets.map((option) => ({ ...option, currency: 'MXN' as const })),
    };
    const cloud = FORM_DEFINITIONS.cloudMigration.fields.find((field) => field.name === 'budget');
    expect(cloud && fieldLabel(cloud, inPesos)).toBe('Presupuesto (MXN)');
  });
});
