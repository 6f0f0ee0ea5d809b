/**
 * The English site beyond what languages.spec.ts checks over the sitemap: the top bar's language switcher
 * (desktop bar and phone menu) lands on the twin without JavaScript and its name contains what it shows;
 * the bar's landmarks and labels are in the page's language. Expectations come from content/ (catalogues
 * and route tables), never from copy quoted here.
 */
import { test, expect } from '../support/fixtures.ts';
import { DEFAULT_LOCALE, say, TRANSLATIONS } from '../support/languages.ts';

const english = TRANSLATIONS.active.find((language) => !language.is_default);
if (!english) throw new Error('content/languages.yaml no tiene un segundo idioma activo');
const spanish = TRANSLATIONS.active.find((language) => language.is_default);
const routes = TRANSLATIONS.routes.get(english.code);
const defaultRoutes = TRANSLATIONS.routes.get(DEFAULT_LOCALE);
if (!routes || !defaultRoutes || !spanish) throw new Error('Sin tablas de direcciones');

/** One page of each kind built in English so far, with its Spanish twin. */
const PAIRS = (['home', 'faq', 'ecommerce'] as const).map((name) => ({ en: routes[name], es: defaultRoutes[name] }));

test.describe('the top bar, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { en, es } of PAIRS) {
    test(`${en}: the bar speaks English and its switcher lands on ${es} and back`, async ({ page }) => {
      await page.goto(en);
      const bar = page.getByRole('navigation', { name: say(english.code, 'nav', 'main') });
      await expect(bar.getByRole('link', { name: say(english.code, 'nav', 'home') })).toHaveAttribute(
        'href',
        routes.home,
      );
      const toSpanish = bar.locator(`a[data-language-switcher][hreflang="${DEFAULT_LOCALE}"]`);
      // The accessible name says where it goes and contains the visible text (WCAG 2.5.3).
      const name = say(english.code, 'language', 'switchTo').replace('{idioma}', spanish.name);
      await expect(toSpanish).toHaveAccessibleName(name);
      await expect(toSpanish).toContainText(spanish.name);
      await expect(toSpanish.locator(`[lang="${DEFAULT_LOCALE}"]`)).toHaveText(spanish.name);
      await toSpanish.click();
      await expect(page).toHaveURL(new RegExp(`${es}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', DEFAULT_LOCALE);

      const spanishBar = page.getByRole('navigation', { name: say(DEFAULT_LOCALE, 'nav', 'main') });
      await spanishBar.locator(`a[data-language-switcher][hreflang="${english.code}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${en}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', english.code);
    });
  }
});

test.describe('the phone menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('offers the twin page in Spanish under its English name for the menu', async ({ page }) => {
    const { en, es } = PAIRS[2] ?? PAIRS[0] ?? { en: '', es: '' };
    await page.goto(en);
    await page.getByRole('button', { name: say(english.code, 'nav', 'menu') }).click();
    const link = page.locator(`#menu-movil a[data-language-switcher][hreflang="${DEFAULT_LOCALE}"]`);
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${es}$`));
  });
});
