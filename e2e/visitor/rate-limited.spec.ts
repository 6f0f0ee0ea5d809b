/**
 * /429, the page a browser gets when the server holds back its sends: in Spanish, kept out of search
 * engines, offering WhatsApp and e-mail from the single contact source, whole at 320, 375 and 1440 px.
 */
import { fileURLToPath } from 'node:url';
import { loadContentFacts } from '../../core/content/load.ts';
import { rateLimitedCopy } from '../../src/lib/rate-limited-page.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectWhollyVisible, scrollsSideways, snapshot, WIDTHS } from './layout.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const COPY = rateLimitedCopy(root);
const { contact } = loadContentFacts(root);

for (const width of WIDTHS) {
  test(`/429 at ${width} px: WhatsApp and e-mail from content/contact.yaml, out of the index`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/429');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(COPY.hero.title);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const whatsapp = page.locator('[data-channel="whatsapp"]');
    await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${contact.whatsappNumber}\\?text=`));
    await expect(whatsapp).toContainText(COPY.channels.whatsapp);
    const email = page.locator('[data-channel="email"]');
    await expect(email).toHaveAttribute('href', `mailto:${contact.email}`);
    for (const channel of [whatsapp, email]) await expectWhollyVisible(page, channel);
    expect(await scrollsSideways(page)).toBe(false);
    await snapshot(page, `429-${width}`);
  });
}
