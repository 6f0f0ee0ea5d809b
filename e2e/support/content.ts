/**
 * What content/ says, read the way the pages read it (one file per entry, shown by `order`), so the specs
 * expect what an editor wrote instead of today's count: a seventh case, a fourth team member or another
 * testimonial changes content only, and the specs follow.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { consultingOffers } from '../../core/content/offers.ts';
import { defaultRoot, loadContentFacts } from '../../core/content/load.ts';
import { offerDuration, offerPrice } from '../../core/offers.ts';
import { readPromisePlaceholders } from '../../core/content/promises.ts';
import { fillKnownDeep } from '../../core/text-template.ts';
import { entryIds } from '../../src/lib/content/entry-ids.ts';
import type { TechnologyCategory } from '../../src/schemas/technologies.ts';

interface Entry {
  id: string;
  order: number;
  data: Record<string, unknown>;
}

/** A map file as the site shows it: the promises it quotes (`{plazoPropuesta}`) filled in. */
function parsed(text: string, where: string): Record<string, unknown> {
  const data = yaml.load(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${where} no es un mapa`);
  return fillKnownDeep(data as Record<string, unknown>, readPromisePlaceholders(defaultRoot()));
}

/** The entries of a folder (`.yaml` files, or the front matter of `.md` ones) in the order pages show them. */
function entries(folder: string, extension: '.yaml' | '.md'): Entry[] {
  return entryIds(folder, extension)
    .map((id) => {
      const text = readFileSync(join(defaultRoot(), folder, `${id}${extension}`), 'utf8');
      const data = parsed(extension === '.md' ? (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '') : text, id);
      return { id, order: Number(data.order), data };
    })
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

const text = (entry: Entry, field: string) => String(entry.data[field]);

/** The team of the home page, in order. */
export const TEAM = entries('content/team', '.yaml').map((entry) => ({
  id: entry.id,
  name: text(entry, 'name'),
  role: text(entry, 'role'),
}));

/** The portfolio, in the order /portfolio lists it. */
export const CASES = entries('content/portfolio', '.md').map((entry) => ({
  id: entry.id,
  title: text(entry, 'title'),
  category: text(entry, 'category'),
  featured: entry.data.featured === true,
  /** The cover's file, as the case names it (`./fintech-revolution.svg`). */
  image: text(entry, 'image'),
  /** How many results the case's page lists. */
  results: Array.isArray(entry.data.results) ? entry.data.results.length : 0,
  /** The figures the case leads with, in order (cards show the first two). */
  metrics: (Array.isArray(entry.data.metrics) ? (entry.data.metrics as Array<{ value: unknown }>) : []).map((metric) =>
    String(metric.value),
  ),
  tech: (Array.isArray(entry.data.tech) ? (entry.data.tech as unknown[]) : []).map(String),
}));

/** The testimonials of the home page, in order, each with the case it links to (if any). */
export const TESTIMONIALS = entries('content/testimonials', '.yaml').map((entry) => ({
  id: entry.id,
  name: text(entry, 'name'),
  project: typeof entry.data.project === 'string' ? entry.data.project : undefined,
}));

/** How many items a section of a page's copy (`content/pages/<page>.yaml`) lists. */
export function sectionItems(page: string, section: string): number {
  const data = parsed(readFileSync(join(defaultRoot(), 'content/pages', `${page}.yaml`), 'utf8'), page);
  const sections = data.sections as Record<string, { items?: unknown[] } | undefined> | undefined;
  return sections?.[section]?.items?.length ?? 0;
}

/** The services of the home page's cards, in order, each with the page its card links to. */
export const SERVICES = entries('content/services', '.yaml').map((entry) => ({
  id: entry.id,
  title: text(entry, 'title'),
  link: text(entry, 'link'),
}));

/** A list file as the site shows it: the promises it quotes (`{semanasDesarrollo}`) filled in. */
function listFile(file: string): Array<Record<string, unknown>> {
  const data = yaml.load(readFileSync(join(defaultRoot(), file), 'utf8'));
  if (!Array.isArray(data)) throw new Error(`${file} no es una lista`);
  return fillKnownDeep(data as Array<Record<string, unknown>>, readPromisePlaceholders(defaultRoot()));
}

/** The technologies (content/technologies.yaml), in the file's order, and each category's visible name. */
export const TECHNOLOGIES = listFile('content/technologies.yaml').map((technology) => ({
  name: String(technology.name),
  category: technology.category as TechnologyCategory,
}));
export const TECHNOLOGY_LABELS = (
  parsed(readFileSync(join(defaultRoot(), 'content/pages/tecnologias.yaml'), 'utf8'), 'tecnologias') as {
    labels: Record<TechnologyCategory, string>;
  }
).labels;

/** The categories of /integraciones, in order. */
export const INTEGRATION_CATEGORIES = listFile('content/integrations.yaml').map((category) => ({
  id: String(category.id),
  title: String(category.title),
  items: (Array.isArray(category.items) ? (category.items as Array<{ name: unknown }>) : []).map((item) =>
    String(item.name),
  ),
}));

/** The phases of the development process, in order. */
export const PHASES = listFile('content/process.yaml').map((phase) => ({
  id: String(phase.id),
  title: String(phase.title),
  duration: String(phase.duration),
}));

/** The FAQ's topics, in order, with their questions. */
export const FAQ_TOPICS = listFile('content/faq.yaml').map((topic) => ({
  id: String(topic.id),
  title: String(topic.title),
  questions: (Array.isArray(topic.questions) ? (topic.questions as Array<Record<string, unknown>>) : []).map(
    (entry) => ({ question: String(entry.question), answer: String(entry.answer) }),
  ),
}));

const facts = loadContentFacts();

/** The lists of the forms' selects (content/form-options.yaml), as the forms read them. */
export const FORM_LISTS = facts.lists;

/** The technology consulting offers (content/offers.yaml), with their figures as the pages write them. */
export const CONSULTING_OFFERS = consultingOffers(facts.offers).map((offer) => ({
  id: offer.id,
  name: offer.label,
  price: offerPrice(offer),
  duration: offerDuration(offer),
}));

/** What /auditoria-infraestructura lists (content/audit.yaml): its areas, phases by day and deliverables. */
export const AUDIT = (() => {
  const data = parsed(readFileSync(join(defaultRoot(), 'content/audit.yaml'), 'utf8'), 'audit')[
    'infrastructure-audit'
  ] as Record<string, Array<Record<string, unknown>>>;
  const list = (key: string) => data[key] ?? [];
  return {
    areas: list('areas').map((area) => String(area.title)),
    phases: list('phases').map((phase) => ({ fromDay: Number(phase.fromDay), toDay: Number(phase.toDay) })),
    deliverables: list('deliverables').map((deliverable) => String(deliverable.title)),
  };
})();

/** The messages a WhatsApp link opens with (content/contact.yaml). */
export const CONTACT_GREETINGS = facts.contact.greetings;

/** The address the site and its structured data give (content/contact.yaml). */
export const CONTACT_EMAIL = facts.contact.email;

/** The figures the home page's hero and /contacto show (content/stats.yaml, group marketing). */
export const MARKETING_STATS = (() => {
  const data = parsed(readFileSync(join(defaultRoot(), 'content/stats.yaml'), 'utf8'), 'stats');
  const items = (data.marketing as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  return items.map((item) => ({ value: String(item.value), label: String(item.label) }));
})();

interface SectionCopy {
  title?: string;
  /** The label of each item's link, where a section's items link somewhere. */
  linkLabel?: string;
  items?: Array<Record<string, string>>;
  actions?: Array<{ label: string; href: string }>;
}

/** A page's copy (`content/pages/<page>.yaml`) as the editor wrote it: its hero and its sections. */
export function pageCopy(page: string): {
  seo: { title: string };
  hero: { title: string; actions?: Array<{ label: string; href: string }> };
  sections: Record<string, SectionCopy | undefined>;
} {
  const data = parsed(readFileSync(join(defaultRoot(), 'content/pages', `${page}.yaml`), 'utf8'), page);
  return data as ReturnType<typeof pageCopy>;
}

/** A section of a page's copy; a missing one fails the spec with its name. */
export function pageSection(page: string, section: string): Required<SectionCopy> {
  const found = pageCopy(page).sections[section];
  if (!found) throw new Error(`content/pages/${page}.yaml no tiene la sección ${section}`);
  return { title: '', linkLabel: '', items: [], actions: [], ...found };
}
