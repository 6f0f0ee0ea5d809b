/** /admin/translations (admin only): the list with its filters, one key's page, saving and reverting. */
import type { TranslationsService } from '../../translations/service.ts';
import type { KeyTexts } from '../../translations/texts.ts';
import {
  noticeFrom,
  pageContext,
  render,
  withNotice,
  type AdminServices,
  type PageServices,
  type SignedIn,
} from '../context.ts';
import { redirect, type FormFields } from '../http.ts';
import {
  TRANSLATION_FILTERS,
  translationKeyPath,
  translationKeyPage,
  translationsPage,
  type TranslationFilter,
} from '../views/translations.ts';
import { refuse } from '../../errors.ts';

/** What the translation pages work with: the strings' service and the log. */
type TranslationServices = PageServices & Pick<AdminServices, 'translations' | 'logger'>;

/** The service, or the 404 of a process that serves no site (the API alone, a test without one). */
function serviceOf(services: TranslationServices): TranslationsService {
  if (!services.translations) throw refuse('inboxNoTranslations');
  return services.translations;
}

function isFilter(value: string | null): value is TranslationFilter {
  return value !== null && Object.hasOwn(TRANSLATION_FILTERS, value);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function keep(entry: KeyTexts, filter: TranslationFilter): boolean {
  if (filter === 'faltantes') return [...entry.texts.values()].some((text) => text.trim() === '');
  if (filter === 'desactualizadas') return entry.outdated.size > 0;
  if (filter === 'editadas') return entry.edits.size > 0;
  return true;
}

export async function showTranslations(services: TranslationServices, state: SignedIn): Promise<void> {
  const asked = state.url.searchParams.get('filtro');
  const filter: TranslationFilter = isFilter(asked) ? asked : 'todas';
  const query = (state.url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const translations = serviceOf(services);
  const all = await translations.texts();
  const wanted = fold(query);
  const keys = all.filter(
    (entry) =>
      keep(entry, filter) &&
      (wanted === '' || [entry.key, ...entry.texts.values()].some((text) => fold(text).includes(wanted))),
  );
  render(
    state,
    200,
    translationsPage(pageContext(services, state), {
      languages: translations.languages,
      defaultCode: translations.defaultCode,
      keys,
      total: all.length,
      filter,
      query,
      publish: await translations.publishStatus(),
    }),
  );
}

async function keyPage(
  services: TranslationServices,
  state: SignedIn,
  key: string,
  status: number,
  refused?: { locale: string; typed: string; message: string },
): Promise<void> {
  const translations = serviceOf(services);
  const entry = await translations.entry(key);
  const notice = noticeFrom(state.url);
  if (!entry) throw refuse('inboxUnknownTranslationKey');
  render(
    state,
    status,
    translationKeyPage(pageContext(services, state), {
      languages: translations.languages,
      defaultCode: translations.defaultCode,
      entry,
      history: await translations.history(key),
      errors: refused ? { [refused.locale]: refused.message } : {},
      typed: refused ? { [refused.locale]: refused.typed } : {},
      publish: await translations.publishStatus(),
      ...(notice && !refused ? { notice } : {}),
    }),
  );
}

const keyOf = (params: readonly string[]): string => decodeURIComponent(params[0] ?? '');

export function showTranslationKey(
  services: TranslationServices,
  state: SignedIn,
  params: readonly string[],
): Promise<void> {
  return keyPage(services, state, keyOf(params), 200);
}

export async function saveTranslation(
  services: TranslationServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const key = keyOf(params);
  const locale = form.get('locale') ?? '';
  const typed = form.get('text') ?? '';
  const result = await serviceOf(services).save({
    key,
    locale,
    text: typed,
    userId: state.auth.user.id,
    at: state.now,
  });
  if (!result.ok) return keyPage(services, state, key, 422, { locale, typed, message: result.message });
  if (result.changed) services.logger.info('admin.translation_saved', { by: state.auth.user.id, key, locale });
  redirect(state.res, withNotice(translationKeyPath(key), 'traduccion'));
}

export async function revertTranslation(
  services: TranslationServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const key = keyOf(params);
  const editId = Number(form.get('edit'));
  const result = Number.isSafeInteger(editId)
    ? await serviceOf(services).revert(key, editId, state.auth.user.id, state.now)
    : ({ ok: false, message: 'Ese cambio no existe.' } as const);
  if (!result.ok) throw refuse('inboxTranslationEditNotFound', { message: result.message });
  redirect(state.res, withNotice(translationKeyPath(key), 'traduccion'));
}
