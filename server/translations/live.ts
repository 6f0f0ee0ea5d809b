/**
 * Puts the inbox's translation edits into the built site this instance serves, without a build. Every
 * instance checks the edits' number every `pollMs` (and at once after an edit of its own) and, when it
 * changed, rewrites the pages whose interface strings changed (core/i18n/live-text.ts), from the page as
 * the build wrote it: that copy is kept beside the page the first time (`page.html.orig`), so a revert or a
 * restart starts again from the build. Each file is written whole and renamed into place, the compressed
 * copies first, so a visitor always gets a complete page, old or new. If writing fails the pages already in
 * place keep serving and the reason is kept for the inbox to show.
 */
import { randomUUID } from 'node:crypto';
import { opendir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Translations } from '../../core/i18n/load.ts';
import { applyLiveStrings, findLiveStrings, liveStringsOf, type Occurrence } from '../../core/i18n/live-text.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import { PRECOMPRESSED_SUFFIX } from '../../core/static-files.ts';
import { compress } from '../static/compression.ts';
import type { TranslationStore } from './store.ts';
import { changedTexts, keyTexts } from './texts.ts';

export const PRISTINE_SUFFIX = '.orig';

export interface LiveTranslationsOptions {
  store: TranslationStore;
  translations: Translations;
  /** The built site this instance serves. */
  distDir: string;
  /** How often every instance looks for edits made elsewhere. */
  pollMs: number;
  logger: Logger;
}

export interface LiveState {
  /** The latest edit whose texts are in this instance's pages. */
  appliedVersion: number;
  /** The last failure to write the pages, while it lasts. */
  error?: { at: Date; message: string };
}

export interface LiveTranslations {
  /** Brings this instance's pages up to the latest edit; resolves when written (or failed). */
  refresh(): Promise<LiveState>;
  state(): LiveState;
  stop(): void;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of await opendir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await htmlFiles(path)));
    else if (entry.isFile() && entry.name.endsWith('.html')) files.push(path);
  }
  return files;
}

async function readIfThere(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes `body` to `path` through a temporary file renamed over it: readers see old or new, never half. */
async function replaceFile(path: string, body: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`;
  try {
    await writeFile(temporary, body);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The page's language as its `<html lang>` says. */
function pageLanguage(html: string): string | undefined {
  return /<html\b[^>]*\slang="([^"]+)"/i.exec(html.slice(0, 2000))?.[1];
}

export function startLiveTranslations(options: LiveTranslationsOptions): LiveTranslations {
  const { store, translations, distDir, logger } = options;
  const strings = new Map(
    [...translations.catalogues].map(([code, catalogue]) => [code, liveStringsOf(catalogue)] as const),
  );
  const occurrencesOf = new Map<string, Occurrence[]>();
  let state: LiveState = { appliedVersion: 0 };
  let running: Promise<LiveState> | undefined;

  async function writePage(path: string, pristine: string, html: string): Promise<void> {
    if ((await readIfThere(`${path}${PRISTINE_SUFFIX}`)) === undefined)
      await replaceFile(`${path}${PRISTINE_SUFFIX}`, Buffer.from(pristine));
    const body = Buffer.from(html);
    await replaceFile(`${path}${PRECOMPRESSED_SUFFIX.br}`, await compress(body, 'br'));
    await replaceFile(`${path}${PRECOMPRESSED_SUFFIX.gzip}`, await compress(body, 'gzip'));
    await replaceFile(path, body);
  }

  async function apply(changed: Map<string, Map<string, string>>): Promise<number> {
    let written = 0;
    for (const path of await htmlFiles(distDir)) {
      const kept = await readIfThere(`${path}${PRISTINE_SUFFIX}`);
      const current = await readFile(path, 'utf8');
      const pristine = kept ?? current;
      const language = pageLanguage(pristine);
      const edited = language === undefined ? undefined : changed.get(language);
      if (!edited && kept === undefined) continue;
      let occurrences = occurrencesOf.get(path);
      if (!occurrences) {
        occurrences = findLiveStrings(pristine, language ? (strings.get(language) ?? []) : []);
        occurrencesOf.set(path, occurrences);
      }
      const html = applyLiveStrings(pristine, occurrences, edited ?? new Map());
      if (html === current) continue;
      await writePage(path, pristine, html);
      written += 1;
    }
    return written;
  }

  async function run(): Promise<LiveState> {
    const version = await store.version();
    if (version === state.appliedVersion && !state.error) return state;
    try {
      const written = await apply(changedTexts(keyTexts(translations, await store.current())));
      state = { appliedVersion: version };
      if (written > 0) logger.info('translations.applied', { version, pages: written });
    } catch (error) {
      state = { appliedVersion: state.appliedVersion, error: { at: new Date(), message: errorMessage(error) } };
      logger.error('translations.apply_failed', { version, error: errorMessage(error) });
    }
    return state;
  }

  /** Runs one after the other: a refresh asked during a run gets a run of its own that sees later edits. */
  function refresh(): Promise<LiveState> {
    const next = (running ?? Promise.resolve(state)).then(run).catch((error: unknown) => {
      // The database is away: the pages stay as they are and the next period tries again.
      logger.warn('translations.check_failed', { error: errorMessage(error) });
      return state;
    });
    running = next;
    void next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  }

  const timer = setInterval(() => void refresh(), options.pollMs);
  timer.unref();
  void refresh();
  return {
    refresh,
    state: () => state,
    stop: () => clearInterval(timer),
  };
}
