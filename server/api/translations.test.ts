/**
 * The translation calls on a running API: shapes from content/ (languages, catalogues, page texts, the
 * services), 404 for a language that is not active, a day of cache for interface strings and an hour for
 * content and services, and a 304 when the client already holds the answer. Read-only calls: one engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { createTranslationStore } from '../translations/store.ts';
import { startTestApi, type TestApi } from '../testing/api.ts';

const { translations } = loadContentFacts();
const secondLanguage = translations.active.find((language) => !language.is_default);
if (!secondLanguage) throw new Error('content/languages.yaml debe tener un segundo idioma activo para estas pruebas');
const other = secondLanguage.code;
const defaultCode = translations.defaultCode;
const catalogue = (code: string) => translations.catalogues.get(code) ?? {};
const serviceFiles = [...(translations.content.get(defaultCode)?.keys() ?? [])].filter((file) =>
  file.startsWith('services/'),
);

describe('translation calls', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('GET /api/languages lists the active languages, the default first, cached an hour', async () => {
    const res = await t.request('/api/languages');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      languages: translations.active.map(({ code, name, is_active, is_default }) => ({
        code,
        name,
        is_active,
        is_default,
      })),
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('GET /api/translations/{locale?} answers the catalogue by group then key, cached a day', async () => {
    const res = await t.request(`/api/translations/${other}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ locale: other, translations: catalogue(other) });
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const groups = Object.keys(catalogue(defaultCode));
    expect(Object.keys(res.body.translations as object).sort()).toEqual(groups.sort());
    const fallback = await t.request('/api/translations');
    expect(fallback.body).toEqual({ locale: defaultCode, translations: catalogue(defaultCode) });
    // Locale tags are case-insensitive (BCP 47), and a trailing slash changes nothing.
    expect((await t.request(`/api/translations/${other.toUpperCase()}/`)).body).toEqual(res.body);
  });

  it('answers 404 {"message":"Language not found"} for a language that is not active or not one', async () => {
    for (const path of [
      '/api/translations/fr',
      '/api/translations/xx-YY',
      '/api/translations/%E0%A4%A',
      `/api/translations/${'a'.repeat(200)}`,
      '/api/website/content/de',
      '/api/webSite/services?locale=ja',
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: 'Language not found' });
      expect(res.headers.get('etag'), path).toBeNull();
    }
    expect((await t.request('/api/translations/en/extra')).status).toBe(404);
  });

  it('GET /api/website/content/{locale} gives each page its texts in that language, counts filled', async () => {
    const res = await t.request(`/api/website/content/${other}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const pages = res.body.content as Record<string, Record<string, string>>;
    const translated = translations.content.get(other);
    const home = translated?.get('pages/home.yaml') as { seo: { title: string } };
    expect(pages.home?.title).toBe(home.seo.title);
    expect(Object.keys(pages).length).toBe(
      [...(translated?.keys() ?? [])].filter((file) => file.startsWith('pages/')).length,
    );
    expect(JSON.stringify(pages)).not.toMatch(/\{\w+\}/);
    const spanish = await t.request('/api/website/content');
    expect(spanish.body.locale).toBe(defaultCode);
    expect(pages.home?.title).not.toBe((spanish.body.content as typeof pages).home?.title);
  });

  it('GET /api/webSite/services?locale= lists the services with their features and twin links', async () => {
    const res = await t.request(`/api/webSite/services?locale=${other}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const services = res.body.services as Array<Record<string, unknown>>;
    expect(services).toHaveLength(serviceFiles.length);
    const table = translations.routes.get(other);
    for (const service of services) {
      expect(Object.keys(service).sort()).toEqual(['description', 'features', 'icon', 'id', 'link', 'title']);
      const data = translations.content.get(other)?.get(`services/${String(service.id)}.yaml`) as {
        title: string;
        features: string[];
      };
      expect(service.title).toBe(data.title);
      expect(service.features).toEqual(data.features);
      expect(Object.values(table ?? {})).toContain(String(service.link).split('#')[0]);
    }
    const spanish = await t.request('/api/webSite/services');
    expect(spanish.body.locale).toBe(defaultCode);
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 to a stale one', async () => {
    for (const path of [
      '/api/languages',
      `/api/translations/${other}`,
      '/api/website/content',
      '/api/webSite/services',
    ]) {
      const first = await t.request(path);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = await fetch(`${t.url}${path}`, { headers: { 'If-None-Match': `"stale", W/${etag}` } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(again.headers.get('cache-control'), path).toBe(first.headers.get('cache-control'));
      const stale = await t.request(path, { headers: { 'If-None-Match': '"stale"' } });
      expect(stale.status, path).toBe(200);
    }
    // Each language has its own validator.
    const es = (await t.request('/api/translations')).headers.get('etag');
    expect((await t.request(`/api/translations/${other}`)).headers.get('etag')).not.toBe(es);
  });

  it('refuses other methods with 405', async () => {
    const res = await t.request('/api/languages', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('translation calls after an edit in the inbox', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ TRANSLATIONS_POLL_S: '1' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('serve the edited text within a check period, with a new ETag', async () => {
    const [group = '', keys = {}] = Object.entries(catalogue(other))[0] ?? [];
    const [name = '', text = ''] = Object.entries(keys)[0] ?? [];
    const before = await t.request(`/api/translations/${other}`);
    const edited = `${text} (editado)`;
    await createTranslationStore(t.storage).record({
      locale: other,
      key: `${group}.${name}`,
      text: edited,
      previous: text,
      sourceText: '',
      userId: null,
      at: new Date(),
    });
    await expect
      .poll(async () => textsOf((await t.request(`/api/translations/${other}`)).body)[group]?.[name], {
        timeout: 5_000,
      })
      .toBe(edited);
    const after = await t.request(`/api/translations/${other}`);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // The default language keeps its own text.
    expect(textsOf((await t.request('/api/translations')).body)).toEqual(catalogue(defaultCode));
  });
});

/** The catalogue of a `/api/translations` answer. */
function textsOf(body: Record<string, unknown>): Record<string, Record<string, string>> {
  return body.translations as Record<string, Record<string, string>>;
}
