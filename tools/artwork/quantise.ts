/**
 * 256-colour PNG for the Open Graph cards: a truecolour card of soft glows is about 190 KB, a
 * palette one about 120 KB. libimagequant at its highest effort switches on a "dither map" that skips
 * dithering in smooth dark areas and leaves visible blotches there; effort 9 keeps full dithering.
 * The result is compared with the truecolour render at low frequency (both blurred), where banding
 * and blotches show, and rejected above a small error.
 */
import sharp from 'sharp';

const PALETTE_PNG = { palette: true, colors: 256, quality: 100, dither: 1, effort: 9, compressionLevel: 9 } as const;

/** Largest per-channel difference (0-255) allowed between the blurred original and blurred palette image. */
export const MAX_LOW_FREQUENCY_ERROR = 8;
const BLUR_SIGMA = 6;

export async function lowFrequencyError(original: Buffer, encoded: Buffer): Promise<number> {
  const [a, b] = await Promise.all(
    [original, encoded].map((image) => sharp(image).removeAlpha().blur(BLUR_SIGMA).raw().toBuffer()),
  );
  if (a?.length !== b?.length || !a || !b) throw new Error('Images differ in size');
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return max;
}

/** Renders the SVG, quantises it to 256 colours and checks the result still looks like the original. */
export async function palettePng(svg: string): Promise<Buffer> {
  const original = await sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
  const encoded = await sharp(original).png(PALETTE_PNG).toBuffer();
  const error = await lowFrequencyError(original, encoded);
  if (error > MAX_LOW_FREQUENCY_ERROR) {
    throw new Error(`Palette PNG drifts ${error}/255 from the original (limit ${MAX_LOW_FREQUENCY_ERROR})`);
  }
  return encoded;
}
