/**
 * Checks the real files under content/portfolio, content/team and content/testimonials: each one passes
 * its schema (images must exist beside it), and the rules that span several entries hold. Those rules
 * are not zod's job (one entry at a time) but the pages rely on them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load as parseYaml } from 'js-yaml';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { portfolioSchema } from './portfolio.ts';
import { teamSchema } from './team.ts';
import { testimonialSchema } from './testimonials.ts';
import { technologySchema } from './technologies.ts';
import { contextFor, issueLines } from './test-support.ts';

const contentDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../content');

function entriesIn(folder: string, extension: string): Array<{ id: string; path: string }> {
  const dir = join(contentDir, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .map((name) => ({ id: basename(name, extension), path: join(dir, name) }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

function frontmatter(path: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(path, 'utf8'));
  if (!match?.[1]) throw new Error(`${path} has no frontmatter`);
  return parseYaml(match[1]);
}

function load<S extends z.ZodType>(
  folder: string,
  extension: string,
  read: (path: string) => unknown,
  schemaFor: (ctx: SchemaContext) => S,
) {
  const schema = schemaFor(contextFor(join(contentDir, folder)));
  return entriesIn(folder, extension).map(({ id, path }) => {
    const result = schema.safeParse(read(path));
    // A failing entry is named by the first test below; the later tests then also fail on its missing data.
    return {
      id,
      file: `${folder}/${id}${extension}`,
      issues: issueLines(result.error),
      data: result.data as z.output<S>,
    };
  });
}

const readYaml = (path: string) => parseYaml(readFileSync(path, 'utf8'));
const cases = load('portfolio', '.md', frontmatter, portfolioSchema);
const team = load('team', '.yaml', readYaml, teamSchema);
const testimonials = load('testimonials', '.yaml', readYaml, testimonialSchema);

it('every portfolio, team and testimonial file passes its schema', () => {
  for (const entry of [...cases, ...team, ...testimonials]) expect(entry.issues, entry.file).toEqual([]);
});

/**
 * The cases the site launched with (all six with their full study). Editors may add more and order them
 * as they like (a case is one more file), so these tests check that these exist, never where they sit or
 * that there are no others.
 */
const SPEC_CASES = [
  'fintech-revolution',
  'edutech-platform',
  'ecommerce-enterprise',
  'healthtech-app',
  'logistics-platform',
  'proptech-solution',
];
const only = <T extends { id: string }>(list: T[], ids: readonly string[]) =>
  list.filter((entry) => ids.includes(entry.id));
/** An image beside its entry, named after it, in a format the build reads. */
const RASTER = 'webp|png|jpe?g|avif|gif';
const OWN_IMAGE = (id: string, formats = RASTER) => new RegExp(`^\\./${id}\\.(${formats})$`);

describe('portfolio content', () => {
  it('keeps the six launch cases, and no two cases in one position', () => {
    expect(cases.map((entry) => entry.id)).toEqual(expect.arrayContaining(SPEC_CASES));
    const orders = cases.map((entry) => entry.data.order);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('features one to three cases, the home page’s row', () => {
    const featured = cases.filter((entry) => entry.data.featured);
    expect(featured.length).toBeGreaterThanOrEqual(1);
    expect(featured.length).toBeLessThanOrEqual(3);
  });

  it('gives every case its own image; the launch cases each their own industry and city', () => {
    // A case's cover may also be vector art (the drawn ones are); portraits are photos or monograms.
    for (const { id, data } of cases) expect(data.image).toMatch(OWN_IMAGE(id, `${RASTER}|svg`));
    const launch = only(cases, SPEC_CASES);
    expect(new Set(launch.map((entry) => entry.data.category))).toEqual(
      new Set(['Fintech', 'EdTech', 'E-commerce', 'HealthTech', 'Logística', 'PropTech']),
    );
    expect(new Set(launch.map((entry) => entry.data.client.city)).size).toBe(launch.length);
  });

  it('keeps the launch cases within 2019-2026 and 3-14 months', () => {
    for (const { data } of only(cases, SPEC_CASES)) {
      expect(data.year).toBeGreaterThanOrEqual(2019);
      expect(data.year).toBeLessThanOrEqual(2026);
      const months = Number(/^(\d+) meses$/.exec(data.duration)?.[1]);
      expect(months).toBeGreaterThanOrEqual(3);
      expect(months).toBeLessThanOrEqual(14);
    }
  });

  it('keeps the launch cases’ headline figures in the cases they belong to', () => {
    const fintech = cases.find((entry) => entry.id === 'fintech-revolution')!.data;
    const fintechMetrics = fintech.metrics.map((metric) => metric.value);
    expect(fintechMetrics.slice(0, 2)).toEqual(['$50M+ MXN', '2M+']);
    expect(fintechMetrics).toContain('99.99%');
    const edutech = cases.find((entry) => entry.id === 'edutech-platform')!.data;
    expect(edutech.metrics[0]?.value).toBe('100K+');
  });
});

describe('the stack and the cases', () => {
  it('names, on the stack (content/technologies.yaml), every technology a case is built with', () => {
    const stack = z.array(technologySchema).parse(readYaml(join(contentDir, 'technologies.yaml')));
    const known = new Set(stack.flatMap((technology) => [technology.name, ...(technology.alsoCalled ?? [])]));
    const missing = cases.flatMap((entry) =>
      entry.data.tech.filter((name) => !known.has(name)).map((name) => `${entry.file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('tells a case with an unknown technology apart', () => {
    const stack = z.array(technologySchema).parse(readYaml(join(contentDir, 'technologies.yaml')));
    const names = stack.flatMap((technology) => [technology.name, ...(technology.alsoCalled ?? [])]);
    expect(names).not.toContain('COBOL');
    expect(names).toEqual(
      expect.arrayContaining(['Go', 'Apache Kafka', 'Python/Django', 'Microsoft Azure', 'OpenSearch']),
    );
  });
});

describe('team content', () => {
  it('gives every person a portrait named after them and a position of their own', () => {
    // A photo, when there is one, is named after its file; without it the monogram's name says whose it is.
    for (const { id, data } of team) {
      if (data.image) expect(data.image).toMatch(OWN_IMAGE(id));
      else expect(data.imageAlt).toContain(`Monograma con las iniciales de ${data.name}`);
    }
    const orders = team.map((entry) => entry.data.order);
    expect(new Set(orders).size).toBe(orders.length);
  });
});

describe('testimonials content', () => {
  it('quotes each client once, from a case of its own, with a portrait named after them', () => {
    expect(new Set(testimonials.map((entry) => entry.data.project.id)).size).toBe(testimonials.length);
    for (const { id, data } of testimonials) {
      if (data.image) expect(data.image).toMatch(OWN_IMAGE(id));
      else expect(data.imageAlt).toContain(`Monograma con las iniciales de ${data.name}`);
    }
  });

  it('matches the person quoted in the case study they refer to', () => {
    for (const { data } of testimonials) {
      const study = cases.find((entry) => entry.id === data.project.id)!.data;
      expect(study.testimonial.author).toBe(data.name);
      expect(study.testimonial.position).toBe(`${data.role}, ${data.company}`);
      expect(study.client.name).toBe(data.company);
    }
  });
});
