/**
 * A client who wrote from a page in another language reads their messages in it: the wording of
 * content/<code>/emails.yaml (the blocks a client reads), the option lists and offers of that language's
 * translations (ids and prices from the Spanish files), the consultants' titles of its team pages, the
 * field names and office hours of its catalogue, and dates as it writes them. Built once at start-up from
 * the translations the build already checked; a translation that does not fit the e-mails' schema stops the
 * start naming the file, as a wrong Spanish file does.
 */
import { clientEmailsSchema } from '../../core/content/emails.ts';
import { formOptionsSchema } from '../../core/content/form-options.ts';
import type { ContentFacts } from '../../core/content/load.ts';
import { consultingServices, offersSchema } from '../../core/content/offers.ts';
import { ContentError, contentProblems, issuePath } from '../../core/content/parse.ts';
import type { Consultant, ConsultantDirectory } from '../../core/content/consultants.ts';
import { formCopy } from '../../core/forms/copy.ts';
import type { Catalogue } from '../../core/i18n/catalogue.ts';
import { translationPath } from '../../core/i18n/sources.ts';
import { fillKnown } from '../../core/text-template.ts';
import type { z } from 'zod';
import type { ClientLanguage, EmailSettings } from './settings.ts';

function parsed<T extends z.ZodType>(schema: T, data: unknown, file: string): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ContentError(
    contentProblems(
      file,
      result.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
    ),
  );
}

function word(catalogue: Catalogue, group: string, key: string, code: string): string {
  const text = catalogue[group]?.[key];
  if (text === undefined) throw new ContentError(`Falta ${group}.${key} en content/i18n/${code}.yaml`);
  return text;
}

/**
 * Each consultant with the title their team page gives in the language (matched by name), and the general
 * consultant, who has no team page, with the title of the language's content/<code>/consultants.yaml.
 */
function translatedConsultants(
  directory: ConsultantDirectory,
  spanishTeam: ReadonlyMap<unknown, unknown>,
  content: ReadonlyMap<string, unknown>,
): ConsultantDirectory {
  const generalRole = (content.get('consultants.yaml') as { general?: { role?: unknown } } | undefined)?.general?.role;
  const roles = new Map<string, string>();
  for (const [file, data] of content) {
    if (!file.startsWith('team/')) continue;
    const original = spanishTeam.get(file) as { name?: unknown } | undefined;
    const role = (data as { role?: unknown }).role;
    if (typeof original?.name === 'string' && typeof role === 'string') roles.set(original.name, role);
  }
  const translate = (consultant: Consultant): Consultant => {
    const role = roles.get(consultant.name);
    return role ? { ...consultant, role } : consultant;
  };
  const each = (byId: Readonly<Record<string, Consultant>>) =>
    Object.fromEntries(Object.entries(byId).map(([id, consultant]) => [id, translate(consultant)]));
  return {
    ...directory,
    general:
      typeof generalRole === 'string' ? { ...directory.general, role: generalRole } : translate(directory.general),
    byProjectType: each(directory.byProjectType),
    byServiceType: each(directory.byServiceType),
  };
}

/** The meeting manage page in the language, from its route table (the build checked every language has one). */
function managePath(facts: ContentFacts, code: string): string {
  const path = facts.translations.routes.get(code)?.meeting;
  if (!path) throw new ContentError(`Falta la dirección meeting en content/${code}/routes.yaml`);
  return path;
}

function clientLanguage(facts: ContentFacts, base: EmailSettings, code: string): ClientLanguage {
  const { translations } = facts;
  const content = translations.content.get(code) ?? new Map<string, unknown>();
  const catalogue = translations.catalogues.get(code);
  if (!catalogue) throw new ContentError(`Sin catálogo para el idioma ${code} (content/i18n/${code}.yaml)`);
  const translated = (file: string) => {
    const data = content.get(file);
    if (data === undefined)
      throw new ContentError(`${translationPath(code, file)} no existe: falta la traducción de content/${file}`);
    return data;
  };
  const copy = {
    ...base.copy,
    ...parsed(clientEmailsSchema, translated('emails.yaml'), translationPath(code, 'emails.yaml')),
  };
  const options = parsed(
    formOptionsSchema,
    translated('form-options.yaml'),
    translationPath(code, 'form-options.yaml'),
  );
  const offers = parsed(offersSchema, translated('offers.yaml'), translationPath(code, 'offers.yaml'));
  const greetings = (content.get('contact.yaml') as { greetings?: typeof base.contact.greetings } | undefined)
    ?.greetings;
  const { opens, closes } = facts.contact.supportHours;
  const clock = (time: string) => time.replace(/^0(?=\d:)/, '');
  const spanishTeam = translations.content.get(translations.defaultCode) ?? new Map<string, unknown>();
  return {
    copy,
    lists: { ...options, consultingServices: consultingServices(offers) },
    offers,
    contact: {
      ...base.contact,
      greetings: greetings ?? base.contact.greetings,
      supportHours: fillKnown(word(catalogue, 'footer', 'supportHours', code), {
        abre: clock(opens),
        cierra: clock(closes),
      }),
    },
    consultants: translatedConsultants(base.consultants, spanishTeam, content),
    meetingCopy: copy.meeting,
    locale: code,
    fieldLabels: formCopy(catalogue, code).labels,
    brandLine: { lema: word(catalogue, 'footer', 'brandLine', code), ciudad: word(catalogue, 'footer', 'city', code) },
    managePath: managePath(facts, code),
  };
}

/** Every active language but the default, with what changes in its clients' messages. */
export function clientLanguages(facts: ContentFacts, base: EmailSettings): ReadonlyMap<string, ClientLanguage> {
  const { translations } = facts;
  return new Map(
    translations.active
      .filter((language) => language.code !== translations.defaultCode)
      .map((language) => [language.code, clientLanguage(facts, base, language.code)] as const),
  );
}
