import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Translations } from '../../core/i18n/load.ts';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { silentLogger } from '../log/logger.ts';
import { PRISTINE_SUFFIX, startLiveTranslations, type LiveTranslations } from './live.ts';
import { createTranslationStore, type TranslationStore } from './store.ts';
import { openTestStorage } from '../testing/storage.ts';

const CATALOGUES = {
  'es-MX': { nav: { contact: 'Contacto', menu: 'Menú' }, footer: { email: 'Ventas: {correo}' } },
  en: { nav: { contact: 'Contact', menu: 'Menu' }, footer: { email: 'Sales: {correo}' } },
};

const translations: Translations = {
  languages: [
    { code: 'es-MX', name: 'Español', is_active: true, is_default: true },
    { code: 'en', name: 'English', is_active: true, is_default: false },
  ],
  active: [
    { code: 'es-MX', name: 'Español', is_active: true, is_default: true },
    { code: 'en', name: 'English', is_active: true, is_default: false },
  ],
  defaultCode: 'es-MX',
  catalogues: new Map(Object.entries(CATALOGUES)),
  content: new Map(),
  routes: new Map(),
  caseCount: 0,
};

const page = (lang: string, contact: string, email: string) =>
  `<!doctype html><html lang="${lang}"><body><nav aria-label="${lang === 'en' ? 'Menu' : 'Menú'}">` +
  `<a href="/">${contact}</a></nav>` +
  `<p>${email}</p><script>const label = "${contact}";</script></body></html>`;

describe.each(TEST_ENGINES)('translation edits reach the built pages (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  let store: TranslationStore;
  let dist = '';
  let live: LiveTranslations | undefined;
  const english = () => join(dist, 'en', 'contact.html');
  const spanish = () => join(dist, 'contacto.html');

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
    store = createTranslationStore(storage);
  });

  afterEach(() => {
    live?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  afterAll(() => close());

  function build(): void {
    dist = mkdtempSync(join(tmpdir(), 'angram-live-'));
    mkdirSync(join(dist, 'en'));
    writeFileSync(english(), page('en', 'Contact', 'Sales: hola@angram.mx'));
    writeFileSync(spanish(), page('es-MX', 'Contacto', 'Ventas: hola@angram.mx'));
  }

  const edit = (locale: string, key: string, text: string, previous: string, reverts?: number) =>
    store.record({ locale, key, text, previous, sourceText: '', userId: null, at: new Date(), reverts });

  it('rewrites the pages of the edited language, compressed copies included, and keeps the build’s copy', async () => {
    build();
    const edited = await edit('en', 'nav.contact', 'Talk to us', 'Contact');
    await edit('en', 'footer.email', 'Sales desk: {correo}', 'Sales: {correo}');
    live = startLiveTranslations({ store, translations, distDir: dist, pollMs: 60_000, logger: silentLogger });
    const state = await live.refresh();
    expect(state).toEqual({ appliedVersion: edited + 1 });

    const html = readFileSync(english(), 'utf8');
    expect(html).toContain('<a href="/">Talk to us</a>');
    expect(html).toContain('<p>Sales desk: hola@angram.mx</p>');
    expect(html).toContain('const label = "Contact";');
    expect(brotliDecompressSync(readFileSync(`${english()}.br`)).toString('utf8')).toBe(html);
    expect(gunzipSync(readFileSync(`${english()}.gz`)).toString('utf8')).toBe(html);
    expect(readFileSync(`${english()}${PRISTINE_SUFFIX}`, 'utf8')).toBe(page('en', 'Contact', 'Sales: hola@angram.mx'));
    expect(readFileSync(spanish(), 'utf8')).toBe(page('es-MX', 'Contacto', 'Ventas: hola@angram.mx'));

    // Back to the build's text: the page is the build's again.
    await edit('en', 'nav.contact', 'Contact', 'Talk to us', edited);
    await edit('en', 'footer.email', 'Sales: {correo}', 'Sales desk: {correo}');
    await live.refresh();
    expect(readFileSync(english(), 'utf8')).toBe(page('en', 'Contact', 'Sales: hola@angram.mx'));
  });

  it('keeps the current pages serving when writing fails, says why, and applies once it can', async () => {
    build();
    await edit('es-MX', 'nav.contact', 'Escríbenos', 'Contacto');
    // A directory where the compressed copy goes: the rename over it fails.
    mkdirSync(`${spanish()}.br`);
    writeFileSync(join(`${spanish()}.br`, 'x'), 'x');
    live = startLiveTranslations({ store, translations, distDir: dist, pollMs: 60_000, logger: silentLogger });
    const failed = await live.refresh();
    expect(failed.error?.message).toBeTruthy();
    expect(readFileSync(spanish(), 'utf8')).toBe(page('es-MX', 'Contacto', 'Ventas: hola@angram.mx'));

    rmSync(`${spanish()}.br`, { recursive: true });
    const fixed = await live.refresh();
    expect(fixed.error).toBeUndefined();
    expect(readFileSync(spanish(), 'utf8')).toContain('<a href="/">Escríbenos</a>');
  });

  it('a second instance over the same database picks the edit up on its own check', async () => {
    build();
    const other = mkdtempSync(join(tmpdir(), 'angram-live-'));
    writeFileSync(join(other, 'contacto.html'), page('es-MX', 'Contacto', 'Ventas: hola@angram.mx'));
    const second = startLiveTranslations({ store, translations, distDir: other, pollMs: 50, logger: silentLogger });
    try {
      await edit('es-MX', 'nav.menu', 'Menú del sitio', 'Menú');
      await expect
        .poll(() => readFileSync(join(other, 'contacto.html'), 'utf8'), { timeout: 5_000 })
        .toContain('aria-label="Menú del sitio"');
    } finally {
      second.stop();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
