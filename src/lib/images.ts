/**
 * Formats and widths of the portfolio covers, in one place for the cards and the case pages.
 * A cover drawn as SVG is served as it is: one file of a few KB, sharp at every width (a phone-sized
 * AVIF of the same drawing weighs about twice as much). A raster cover an editor brings is a flat
 * illustration or a photo: AVIF is 25-35 % smaller than WebP at the same width, so it goes first, with
 * WebP for browsers without AVIF. The small portraits stay WebP only: at 56-192 px AVIF's container
 * costs more than it saves.
 */
import type { ImageMetadata, ImageOutputFormat } from 'astro';

/** Whether a cover is vector art, served unchanged instead of resized and re-encoded. */
export function isVectorCover(src: ImageMetadata): boolean {
  return src.format === 'svg';
}

export const COVER_FORMATS: ImageOutputFormat[] = ['avif'];
export const COVER_FALLBACK_FORMAT: ImageOutputFormat = 'webp';

/**
 * The cards' encoding quality. Flat colour and soft gradients hide AVIF's artefacts well below sharp's
 * default (50): at 40 a card weighs about a fifth less, and its cover is read at card size, not zoomed.
 */
export const CARD_COVER_QUALITY = 40;

/**
 * A card is the phone's width less its margins (about 340-380 px) or a third of the 1280 px grid
 * (390 px), and Chrome takes the smallest width that covers the slot's device pixels: 680 px serves a
 * 412 px phone at 1.75x (Lighthouse's emulated phone needs 665 px), 720 px a 375 px phone at 2x, 800 px
 * a 2x desktop, 480 px a 1x screen.
 */
export const CARD_COVER_WIDTHS = [480, 680, 720, 800];

/** The case page's cover spans the content width (up to 1216 px): the cards' phone widths, 1280 px for desktops. */
export const HERO_COVER_WIDTHS = [680, 720, 1280];

/**
 * The case cover's quality by width: on a phone it is seen at card size, where the cards' quality hides
 * its artefacts just as well (and keeps the page within its first-load budget); a desktop sees it large,
 * at sharp's default.
 */
export function heroCoverQuality(width: number): number | undefined {
  return width < 1000 ? CARD_COVER_QUALITY : undefined;
}
