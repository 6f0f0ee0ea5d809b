/**
 * Until the business supplies photos, each person on the home page (team and testimonials) has a monogram:
 * their initials on a brand-coloured tile, an image named for them, square and inside its card at 320, 375
 * and 1440 px.
 */
import { initialsOf } from '../../src/lib/initials.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectWhollyVisible, scrollsSideways, snapshot, WIDTHS } from './layout.ts';

for (const width of WIDTHS) {
  test(`home at ${width} px: a monogram for each person without a photo, named and inside its card`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    for (const section of ['#equipo', '#testimonios']) {
      const tiles = page.locator(`${section} [data-monogram]`);
      await expect(tiles.first()).toBeAttached();
      for (const tile of await tiles.all()) {
        await tile.scrollIntoViewIfNeeded();
        const name = (await tile.getAttribute('aria-label')) ?? '';
        await expect(tile).toHaveAttribute('role', 'img');
        const person = /iniciales de ([^,]+),/.exec(name)?.[1] ?? '';
        expect(person, name).not.toBe('');
        await expect(tile).toHaveText(initialsOf(person));
        const box = await tile.boundingBox();
        expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(0.5);
        await expectWhollyVisible(page, tile);
        // White initials on the brand's indigo: the tile's darkest and lightest ends both clear 4.5:1.
        expect(await tile.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
        expect(await tile.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(/gradient/);
      }
    }
    expect(await scrollsSideways(page)).toBe(false);
    await page.locator('#equipo').scrollIntoViewIfNeeded();
    await snapshot(page, `team-${width}`);
  });
}
