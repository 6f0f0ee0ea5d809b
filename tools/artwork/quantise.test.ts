import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_LOW_FREQUENCY_ERROR, lowFrequencyError, palettePng } from './quantise.ts';

function flat(gray: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: gray, g: gray, b: gray } } })
    .png()
    .toBuffer();
}

const GRADIENT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="160"><defs><linearGradient id="g">' +
  '<stop offset="0" stop-color="#0b1020"/><stop offset="1" stop-color="#1e1b4b"/></linearGradient></defs>' +
  '<rect width="300" height="160" fill="url(#g)"/><circle cx="220" cy="40" r="90" fill="#6366f1" fill-opacity="0.4"/></svg>';

describe('lowFrequencyError', () => {
  it('is 0 for the same image and the colour shift for a uniformly shifted one', async () => {
    expect(await lowFrequencyError(await flat(40), await flat(40))).toBe(0);
    expect(await lowFrequencyError(await flat(40), await flat(52))).toBe(12);
  });
});

describe('palettePng', () => {
  it('writes an indexed PNG of a dark gradient that stays within the error limit', async () => {
    const png = await palettePng(GRADIENT_SVG);
    const meta = await sharp(png).metadata();
    expect(meta.isPalette).toBe(true);
    expect([meta.width, meta.height]).toEqual([300, 160]);
    const original = await sharp(Buffer.from(GRADIENT_SVG)).png().toBuffer();
    expect(await lowFrequencyError(original, png)).toBeLessThanOrEqual(MAX_LOW_FREQUENCY_ERROR);
  });
});
