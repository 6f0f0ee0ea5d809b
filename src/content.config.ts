/**
 * Content collections. Editable content lives in `content/` at the repository root; each collection's
 * schema is in `src/schemas/<name>.ts`. A wrong or missing field fails `astro sync` / `astro build` with
 * the file and the field. `strictLoader`/`strictYamlFile` add the checks a per-entry schema cannot make
 * (expected ids and counts, YAML syntax errors with line and column; see its file).
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { glob } from 'astro/loaders';
import { strictLoader, strictYamlFile } from './lib/content/strict-loader.ts';
import { auditRules, auditSchema } from './schemas/audit.ts';
import { consultingOfferSchema, consultingRules } from './schemas/consulting.ts';
import { faqCategorySchema, faqRules } from './schemas/faq.ts';
import { integrationCategorySchema, integrationRules } from './schemas/integrations.ts';
import { pageRules, pageSchema } from './schemas/pages.ts';
import { portfolioSchema } from './schemas/portfolio.ts';
import { processPhaseSchema, processRules } from './schemas/process.ts';
import { serviceRules, serviceSchema } from './schemas/services.ts';
import { statsGroupSchema, statsRules } from './schemas/stats.ts';
import { teamSchema } from './schemas/team.ts';
import { technologyRules, technologySchema } from './schemas/technologies.ts';
import { testimonialSchema } from './schemas/testimonials.ts';
import { wikiSchema, wikiSiteSchema } from './schemas/wiki.ts';

const yamlFolder = (dir: string) => glob({ pattern: '*.yaml', base: `./content/${dir}` });

// Portfolio cases, team and testimonials: one file per entry, images beside them. No list of ids in code:
// the files are the list (testimonials and service pages cite cases by file name, checked on load).
const portfolio = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/portfolio' }),
  schema: portfolioSchema,
});
// Each case in the other languages (content/<code>/portfolio/<id>.md), read here only to render its story:
// core/i18n checks their texts against the Spanish case and src/lib/i18n/cases.ts reads them from there.
const portfolioTranslations = defineCollection({
  loader: glob({ pattern: '*/portfolio/*.md', base: './content' }),
  schema: z.record(z.string(), z.unknown()),
});
const team = defineCollection({ loader: yamlFolder('team'), schema: teamSchema });
const testimonials = defineCollection({ loader: yamlFolder('testimonials'), schema: testimonialSchema });

// Services, technologies, process, FAQ, consulting, audit, integrations, stats, page copy.
const services = defineCollection({
  loader: strictLoader(yamlFolder('services'), serviceRules),
  schema: serviceSchema,
});
const technologies = defineCollection({
  loader: strictYamlFile('./content/technologies.yaml', technologyRules),
  schema: technologySchema,
});
const processPhases = defineCollection({
  loader: strictYamlFile('./content/process.yaml', processRules),
  schema: processPhaseSchema,
});
const faq = defineCollection({ loader: strictYamlFile('./content/faq.yaml', faqRules), schema: faqCategorySchema });
const consulting = defineCollection({
  loader: strictYamlFile('./content/consulting.yaml', consultingRules),
  schema: consultingOfferSchema,
});
const audit = defineCollection({ loader: strictYamlFile('./content/audit.yaml', auditRules), schema: auditSchema });
const integrations = defineCollection({
  loader: strictYamlFile('./content/integrations.yaml', integrationRules),
  schema: integrationCategorySchema,
});
const stats = defineCollection({
  loader: strictYamlFile('./content/stats.yaml', statsRules),
  schema: statsGroupSchema,
});
const pages = defineCollection({ loader: strictLoader(yamlFolder('pages'), pageRules), schema: pageSchema });

// Wiki: one MDX page per file, content/wiki/<slug>.mdx → /wikiangram/<slug>.
const wiki = defineCollection({ loader: glob({ pattern: '**/*.mdx', base: './content/wiki' }), schema: wikiSchema });
// The wiki as a whole (content/wiki/wiki.yaml): its search-engine texts.
const wikiSite = defineCollection({
  loader: glob({ pattern: 'wiki.yaml', base: './content/wiki' }),
  schema: wikiSiteSchema,
});

export const collections = {
  portfolio,
  portfolioTranslations,
  team,
  testimonials,
  services,
  technologies,
  process: processPhases,
  faq,
  consulting,
  audit,
  integrations,
  stats,
  pages,
  wiki,
  wikiSite,
};
