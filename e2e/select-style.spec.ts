/**
 * The forms' selects stay native <select> elements (the phone's own picker) but look like the text
 * inputs beside them: same height, corners, border and text inset, and a chevron with room of its own.
 */
import { test, expect } from './support/fixtures.ts';

for (const path of ['/contacto', '/iniciar-proyecto']) {
  for (const width of [320, 1440]) {
    test(`${path} at ${width} px: selects match the text inputs`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const form = page.locator('form').first();
      const measure = (selector: string) =>
        form
          .locator(selector)
          .first()
          .evaluate((el) => {
            const style = getComputedStyle(el);
            const box = el.getBoundingClientRect();
            return {
              tag: el.tagName.toLowerCase(),
              height: Math.round(box.height),
              radius: style.borderTopLeftRadius,
              border: `${style.borderTopWidth} ${style.borderTopStyle}`,
              paddingLeft: parseFloat(style.paddingLeft),
              paddingRight: parseFloat(style.paddingRight),
              fontSize: style.fontSize,
              chevron: style.backgroundImage,
              chevronAt: style.backgroundPositionX,
            };
          });
      const input = await measure('input[type="email"]');
      const selects = form.locator('select');
      expect(await selects.count()).toBeGreaterThan(0);
      for (let index = 0; index < (await selects.count()); index += 1) {
        const select = await measure(`select >> nth=${index}`);
        expect(select.tag).toBe('select');
        expect(select.height, 'altura').toBe(input.height);
        expect(select.radius, 'esquinas').toBe(input.radius);
        expect(select.border, 'borde').toBe(input.border);
        expect(select.paddingLeft, 'margen del texto').toBe(input.paddingLeft);
        expect(select.fontSize, 'tamaño de letra').toBe(input.fontSize);
        // The chevron is drawn inside the right padding, one text inset from the edge, never under the text.
        expect(select.chevron, 'chevron').toMatch(/^url\(/);
        expect(select.chevronAt, 'posición del chevron').toMatch(/right|calc\(100% - 1rem\)|calc\(100% - 16px\)/);
        expect(select.paddingRight, 'espacio del chevron').toBeGreaterThanOrEqual(input.paddingLeft + 20);
      }
    });
  }
}
