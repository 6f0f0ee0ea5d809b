/**
 * Simple product drawings for shop and cart mock-ups (bottle, headphones, watch, plant, mug, backpack,
 * lamp, sneaker-like shoe), each centred on cx,cy at a given size.
 */
import { PALETTE } from '../palette.ts';
import { circle, el, n, rect } from '../svg.ts';

export type ProductKind = 'bottle' | 'headphones' | 'watch' | 'plant' | 'mug' | 'backpack' | 'lamp' | 'shoe';

export interface ProductStyle {
  /** Tile background. */
  tile: string;
  /** Main body colour. */
  body: string;
  /** Detail colour. */
  detail: string;
}

/** Draws the product in a 100-unit box centred on cx,cy, scaled to `size`. */
export function product(kind: ProductKind, cx: number, cy: number, size: number, style: ProductStyle): string {
  const s = size / 100;
  const shadow = el('ellipse', { cx: 0, cy: 42, rx: 30, ry: 5, fill: PALETTE.ink, 'fill-opacity': 0.12 });
  let shape = '';
  switch (kind) {
    case 'bottle':
      shape =
        rect(-18, -22, 36, 62, 12, { fill: style.body }) +
        rect(-8, -38, 16, 18, 4, { fill: style.body }) +
        rect(-10, -44, 20, 9, 3, { fill: style.detail }) +
        rect(-18, -2, 36, 20, 0, { fill: style.detail, 'fill-opacity': 0.8 }) +
        rect(-12, -18, 6, 50, 3, { fill: PALETTE.white, 'fill-opacity': 0.35 });
      break;
    case 'headphones':
      shape =
        el('path', {
          d: 'M-28 14V0a28 28 0 0 1 56 0v14',
          fill: 'none',
          stroke: style.body,
          'stroke-width': 8,
          'stroke-linecap': 'round',
        }) +
        rect(-36, 4, 18, 32, 9, { fill: style.detail }) +
        rect(18, 4, 18, 32, 9, { fill: style.detail });
      break;
    case 'watch':
      shape =
        rect(-13, -44, 26, 88, 10, { fill: style.detail }) +
        circle(0, 0, 26, { fill: style.body }) +
        circle(0, 0, 19, { fill: PALETTE.white }) +
        el('path', {
          d: 'M0-11V0l8 5',
          fill: 'none',
          stroke: style.detail,
          'stroke-width': 3.5,
          'stroke-linecap': 'round',
        });
      break;
    case 'plant':
      shape =
        el('ellipse', { cx: -12, cy: -14, rx: 10, ry: 22, transform: 'rotate(-28 -12 -14)', fill: style.detail }) +
        el('ellipse', { cx: 12, cy: -16, rx: 10, ry: 22, transform: 'rotate(28 12 -16)', fill: style.detail }) +
        el('ellipse', { cx: 0, cy: -24, rx: 9, ry: 24, fill: style.detail, 'fill-opacity': 0.85 }) +
        el('path', { d: 'M-22 6h44l-6 34h-32z', fill: style.body });
      break;
    case 'mug':
      shape =
        el('path', { d: 'M16-6h6a12 12 0 0 1 0 24h-6', fill: 'none', stroke: style.body, 'stroke-width': 7 }) +
        rect(-26, -20, 44, 58, 10, { fill: style.body }) +
        rect(-26, -20, 44, 10, 5, { fill: style.detail }) +
        el('path', {
          d: 'M-10-30c-4-6 4-8 0-14M2-30c-4-6 4-8 0-14',
          fill: 'none',
          stroke: style.detail,
          'stroke-width': 3,
          'stroke-linecap': 'round',
          'stroke-opacity': 0.6,
        });
      break;
    case 'backpack':
      shape =
        el('path', { d: 'M-14-34a14 14 0 0 1 28 0', fill: 'none', stroke: style.detail, 'stroke-width': 6 }) +
        rect(-30, -30, 60, 72, 18, { fill: style.body }) +
        rect(-20, 6, 40, 26, 8, { fill: style.detail }) +
        rect(-6, 12, 12, 4, 2, { fill: PALETTE.white, 'fill-opacity': 0.7 });
      break;
    case 'lamp':
      shape =
        el('path', { d: 'M-26-6l12-32h28l12 32z', fill: style.body }) +
        rect(-3, -6, 6, 40, 3, { fill: style.detail }) +
        rect(-20, 34, 40, 8, 4, { fill: style.detail }) +
        el('ellipse', { cx: 0, cy: -6, rx: 26, ry: 5, fill: PALETTE.amber, 'fill-opacity': 0.7 });
      break;
    case 'shoe':
      shape =
        el('path', { d: 'M-40 20c0-12 4-26 10-32 8 6 16 8 24 6 6 8 20 12 34 14 8 2 12 6 12 12z', fill: style.body }) +
        rect(-42, 20, 84, 10, 5, { fill: style.detail }) +
        el('path', {
          d: 'M-18-2l6 6M-10-4l6 6M-2-2l6 6',
          stroke: PALETTE.white,
          'stroke-width': 3,
          'stroke-linecap': 'round',
        });
      break;
  }
  return el('g', { transform: `translate(${n(cx)} ${n(cy)}) scale(${n(s)})` }, shadow + shape);
}
