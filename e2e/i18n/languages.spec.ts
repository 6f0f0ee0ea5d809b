/**
 * The site in every active language: each translated page answers in its language with its own title and
 * description; every pair of twins points at each other (hreflang in the head and in the sitemap, with
 * x-default on the default language); the switcher lands on the twin without JavaScript; an unknown
 * address under a language's prefix gets that language's 404 from the project's server. Expectations come
 * from content/ (languages, catalogues, translated files).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';
import { builtPages, DIST, parsePage } from '../support/built-site.ts';
import { DEFAULT_LOCALE, languageOfPath, TRANSLATIONS, translated } from '../support/languages.ts';

type Alternates = Record<string, string>;

/** Each sitemap URL with its alternates (`xhtml:link`), as the built sitemaps list them. */
function sitemapEntries(): Map<string, Alternates> {
  const index = readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8');
  const entries = new Map<string, Alternates>();
  for (const [, sitemap = ''] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = readFileSync(join(DIST, new URL(sitemap).pathname), 'utf8');
    for (const [, body = ''] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
      const loc = /<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? '';
      const links = [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)];
      entries.set(loc, Object.fromEntries(links.map(([, lang = '', href = '']) => [lang, href])));
    }
  }
  return entries;
}

/** The hreflang links of a built page's head. */
function headAlternates(path: string): Alternates {
  const page = builtPages().find((built) => built.path === path);
  if (!page) throw new Error(`${path} no está en dist/`);
  return Object.fromEntries(
    parsePage(page.file)
      .querySelectorAll('link[rel="alternate"][hreflang]')
      .map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href') ?? '']),
  );
}

const sitemap = sitemapEntries();
const translatedUrls = [...sitemap.keys()].filter((url) => languageOfPath(new URL(url).pathname) !== DEFAULT_LOCALE);
const activeCodes = TRANSLATIONS.active.map((language) => language.code);

test('the sitemap lists pages in every active language', () => {
  for (const code of activeCodes)
    expect(
      [...sitemap.keys()].some((url) => languageOfPath(new URL(url).pathname) === code),
      code,
    ).toBe(true);
});

test('hreflang is reciprocal over the whole sitemap, the same in the head and in the sitemap', () => {
  let pairs = 0;
  for (const [url, alternates] of sitemap) {
    const path = new URL(url).pathname;
    expect(headAlternates(path), path).toEqual(alternates);
    if (Object.keys(alternates).length === 0) continue;
    pairs += 1;
    expect(Object.keys(alternates).sort(), path).toEqual([...activeCodes, 'x-default'].sort());
    expect(alternates[languageOfPath(path)], `${path} se nombra a sí misma`).toBe(url);
    expect(alternates['x-default'], path).toBe(alternates[DEFAULT_LOCALE]);
    for (const twin of Object.values(alternates)) expect(sitemap.get(twin), `${path} → ${twin}`).toEqual(alternates);
  }
  expect(pairs).toBeGreaterThanOrEqual(activeCodes.length);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const url of translatedUrls) {
    const path = new URL(url).pathname;
    test(`${path} answers in its language with its own title and description, and the switcher lands on its twin`, async ({
      page,
    }) => {
      const locale = languageOfPath(path);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      const twin = new URL(headAlternates(path)[DEFAULT_LOCALE] ?? '').pathname;

      const switcher = page.getByRole('contentinfo').locator('[data-language-switcher]');
      await expect(switcher.locator(`a[hreflang="${locale}"]`)).toHaveAttribute('aria-current', 'true');
      await switcher.locator(`a[hreflang="${DEFAULT_LOCALE}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${twin}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', DEFAULT_LOCALE);
      expect(await page.title()).not.toBe(title);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toBe(description);

      await page.getByRole('contentinfo').locator(`[data-language-switcher] a[hreflang="${locale}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    });
  }
});

test.describe('an unknown address under a language prefix', () => {
  // The page answers 404 on purpose; Chromium logs that status as a console error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  for (const language of TRANSLATIONS.active.filter((each) => !each.is_default)) {
    test(`gets the ${language.code} 404 from the server, with no redirect, and passes axe`, async ({ page }) => {
      const copy = translated(language.code, 'pages/404.yaml') as { hero: { title: string } };
      const response = await page.goto(`/${language.code}/no-such-page-${Date.now()}`);
      expect(response?.status()).toBe(404);
      expect(response?.request().redirectedFrom()).toBeNull();
      await expect(page.locator('html')).toHaveAttribute('lang', language.code);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.hero.title);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('a Spanish address still gets the Spanish 404', async ({ page }) => {
    const response = await page.goto('/pagina-que-no-existe');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', DEFAULT_LOCALE);
  });
});

test('no redirect on Accept-Language: a Spanish address stays Spanish for an English browser', async ({ request }) => {
  const response = await request.get('/', { headers: { 'Accept-Language': 'en-US,en;q=0.9' }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain(`<html lang="${DEFAULT_LOCALE}"`);
});
