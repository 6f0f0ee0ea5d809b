/**
 * The translation system as the inbox uses it: the texts of every key in every language, saving an edit
 * (judged first: ./texts.ts), reverting one, and how the site is taking them. After an edit this instance
 * writes its pages at once (./live.ts; the others within their check period) and, when the static files
 * live on a CDN, calls `PUBLISH_HOOK_URL` (the build-hook convention of static hosts) so it builds again.
 */
import type { Language } from '../../core/i18n/languages.ts';
import type { Translations } from '../../core/i18n/load.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import type { LiveTranslations } from './live.ts';
import type { TranslationEdit, TranslationStore } from './store.ts';
import { judgeEdit, keyTexts, type KeyTexts } from './texts.ts';

/** How long the hook may take before it counts as failed: the edit is saved either way. */
const HOOK_TIMEOUT_MS = 10_000;

export interface TranslationsServiceOptions {
  store: TranslationStore;
  translations: Translations;
  live: LiveTranslations | undefined;
  publishHookUrl: string | undefined;
  logger: Logger;
}

/** How the site is taking the edits: this instance's last write, and the static host's hook. */
export interface PublishStatus {
  appliedVersion: number;
  latestVersion: number;
  error?: { at: Date; message: string };
  hook?: { at: Date; ok: boolean; detail: string };
}

export type SaveResult = { ok: true; changed: boolean } | { ok: false; message: string };

export function createTranslationsService(options: TranslationsServiceOptions) {
  const { store, translations, logger } = options;
  let hook: PublishStatus['hook'];

  async function callHook(): Promise<void> {
    if (!options.publishHookUrl) return;
    const at = new Date();
    try {
      const answer = await fetch(options.publishHookUrl, {
        method: 'POST',
        signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      });
      hook = { at, ok: answer.ok, detail: `respuesta ${answer.status}` };
    } catch (error) {
      hook = { at, ok: false, detail: errorMessage(error) };
    }
    if (!hook.ok) logger.warn('translations.publish_hook_failed', { detail: hook.detail });
  }

  async function texts(): Promise<KeyTexts[]> {
    return keyTexts(translations, await store.current());
  }

  async function entry(key: string): Promise<KeyTexts | undefined> {
    return (await texts()).find((candidate) => candidate.key === key);
  }

  async function afterEdit(): Promise<void> {
    await options.live?.refresh();
    await callHook();
  }

  return {
    languages: translations.active as readonly Language[],
    defaultCode: translations.defaultCode,
    texts,
    history: (key: string): Promise<TranslationEdit[]> => store.history(key),

    entry,

    async save(input: { key: string; locale: string; text: string; userId: number; at: Date }): Promise<SaveResult> {
      const found = await entry(input.key);
      if (!found?.texts.has(input.locale)) return { ok: false, message: 'Esa clave o ese idioma no existen.' };
      // Placeholders are the code's: they must match the build's original, whatever the language.
      const verdict = judgeEdit(found.built.get(translations.defaultCode) ?? '', input.text);
      if (!verdict.ok) return verdict;
      const previous = found.texts.get(input.locale) ?? '';
      if (verdict.text === previous) return { ok: true, changed: false };
      await store.record({
        locale: input.locale,
        key: input.key,
        text: verdict.text,
        previous,
        sourceText:
          input.locale === translations.defaultCode ? verdict.text : (found.texts.get(translations.defaultCode) ?? ''),
        userId: input.userId,
        at: input.at,
      });
      await afterEdit();
      return { ok: true, changed: true };
    },

    /** Puts back the text an edit replaced, as a new edit that says which one it undoes. */
    async revert(key: string, editId: number, userId: number, at: Date): Promise<SaveResult> {
      const edit = await store.byId(editId);
      const found = await entry(key);
      if (edit?.key !== key || !found) return { ok: false, message: 'Ese cambio no existe.' };
      const current = found.texts.get(edit.locale) ?? '';
      if (current === edit.previous) return { ok: true, changed: false };
      await store.record({
        locale: edit.locale,
        key,
        text: edit.previous,
        previous: current,
        sourceText:
          edit.locale === translations.defaultCode ? edit.previous : (found.texts.get(translations.defaultCode) ?? ''),
        userId,
        reverts: edit.id,
        at,
      });
      await afterEdit();
      return { ok: true, changed: true };
    },

    async publishStatus(): Promise<PublishStatus> {
      const latestVersion = await store.version();
      const state = options.live?.state() ?? { appliedVersion: latestVersion };
      return { latestVersion, appliedVersion: state.appliedVersion, error: state.error, hook };
    },
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
