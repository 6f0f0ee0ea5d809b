/**
 * The wiki's e-mail previews, rendered while the site builds with the lead API's real templates and sample
 * leads (server/email/samples.ts) and handed to the site as the module `virtual:angram/email-previews`:
 * the site shows the very messages the server sends, and src/ never imports server/.
 * The server's modules load on first use, so loading the Astro config costs nothing until a page asks.
 */
import type { Plugin } from 'vite';
import type { EmailPreviewData } from '../src/lib/wiki/email-preview-data.ts';

const ID = 'virtual:angram/email-previews';
const RESOLVED = `\0${ID}`;
/** One id and nothing else, for the hooks' filters (the ids hold no regular-expression characters). */
const exactly = (id: string) => new RegExp(`^${id}$`);

/** The previews, variable tables and lead-score rules, as plain data. */
export async function emailPreviewData(): Promise<EmailPreviewData> {
  const [{ EMAIL_PREVIEW_SAMPLES, renderEmailPreview }, { EMAIL_VARIABLES }, { LEAD_SCORE_DEFAULT, LEAD_SCORE_RULES }] =
    await Promise.all([
      import('../server/email/samples.ts'),
      import('../server/email/variables.ts'),
      import('../server/lead/analysis.ts'),
    ]);
  const { LEAD_KINDS } = await import('../core/forms/kinds.ts');
  return {
    samples: EMAIL_PREVIEW_SAMPLES.map((sample) => ({
      id: sample.id,
      title: sample.title,
      audience: sample.audience,
      formType: LEAD_KINDS[sample.lead.kind].formType,
      message: renderEmailPreview(sample),
    })),
    variables: {
      formTypes: EMAIL_VARIABLES.formTypes.map((form) => ({ ...form })),
      client: EMAIL_VARIABLES.client,
      calendar: EMAIL_VARIABLES.calendar,
      internal: EMAIL_VARIABLES.internal,
      defaults: { ...EMAIL_VARIABLES.defaults },
    },
    leadScore: {
      base: LEAD_SCORE_DEFAULT,
      rules: LEAD_SCORE_RULES.map(({ id, points, description }) => ({ id, points, description })),
    },
  };
}

/** The Vite plugin that serves the data as `virtual:angram/email-previews`. */
export function emailPreviewsModule(): Plugin {
  return {
    name: 'angram:email-previews',
    // Filters: the bundler calls the hooks only for this module, not across into JavaScript for every other one.
    resolveId: { filter: { id: exactly(ID) }, handler: () => RESOLVED },
    load: {
      filter: { id: exactly(RESOLVED) },
      handler: async () => `export default ${JSON.stringify(await emailPreviewData())};`,
    },
  };
}
