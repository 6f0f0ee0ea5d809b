/**
 * ecommerce-enterprise: a light storefront with categories and a product grid, the glass cart panel
 * beside it and an "added to cart" toast. Accent: coral and violet.
 */
import { PALETTE } from '../palette.ts';
import { circle, el, rect } from '../svg.ts';
import { GLYPHS, bar, rowPositions } from '../ui.ts';
import { browserWindow, coverScene } from './frame.ts';
import { gradientFill, notification } from './parts.ts';
import { product, type ProductKind, type ProductStyle } from './products.ts';

const CATALOGUE: ReadonlyArray<{ kind: ProductKind; style: ProductStyle; price: number }> = [
  { kind: 'headphones', style: { tile: '#ffe4e6', body: '#1e1b4b', detail: PALETTE.coral }, price: 64 },
  { kind: 'watch', style: { tile: '#e0e7ff', body: PALETTE.indigo, detail: '#312e81' }, price: 52 },
  { kind: 'plant', style: { tile: '#dcfce7', body: '#f97316', detail: '#16a34a' }, price: 48 },
  { kind: 'bottle', style: { tile: '#cffafe', body: '#0891b2', detail: '#a5f3fc' }, price: 40 },
  { kind: 'shoe', style: { tile: '#fef3c7', body: PALETTE.coral, detail: '#1e1b4b' }, price: 70 },
  { kind: 'mug', style: { tile: '#ede9fe', body: PALETTE.violet, detail: '#4c1d95' }, price: 36 },
  { kind: 'backpack', style: { tile: '#e0f2fe', body: '#0ea5e9', detail: '#075985' }, price: 66 },
  { kind: 'lamp', style: { tile: '#fce7f3', body: '#db2777', detail: '#1e1b4b' }, price: 58 },
];

export function ecommerceCover(): string {
  const scene = coverScene([
    { x: 0.1, y: 0.08, r: 0.42, color: PALETTE.coral, opacity: 0.3 },
    { x: 0.9, y: 0.1, r: 0.48, color: PALETTE.violet, opacity: 0.5 },
    { x: 0.5, y: 1.05, r: 0.45, color: PALETTE.indigo, opacity: 0.45 },
    { x: 1.0, y: 0.95, r: 0.32, color: PALETTE.coral, opacity: 0.3 },
  ]);
  const ink = PALETTE.ink;

  browserWindow(scene, { x: 80, y: 100, width: 1140, height: 800 }, 'light', (s) => {
    const pad = 30;
    const left = s.x + pad;
    const right = s.x + s.width - pad;
    let out = '';
    // Header: brand, navigation, search, favourites and cart.
    out += rect(left, s.y + 24, 40, 40, 12, { fill: gradientFill(scene, PALETTE.coral, PALETTE.violet) });
    out += el('path', {
      d: GLYPHS.cart,
      transform: `translate(${left + 20} ${s.y + 44}) scale(0.8)`,
      fill: 'none',
      stroke: PALETTE.white,
      'stroke-width': 2.8,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    out += bar(left + 56, s.y + 38, 96, 12, ink, 0.9);
    out += rect(left + 200, s.y + 22, 430, 44, 22, { fill: ink, 'fill-opacity': 0.05 });
    out += el('path', {
      d: GLYPHS.search,
      transform: `translate(${left + 228} ${s.y + 44}) scale(0.8)`,
      fill: 'none',
      stroke: ink,
      'stroke-opacity': 0.45,
      'stroke-width': 2.6,
      'stroke-linecap': 'round',
    });
    out += bar(left + 252, s.y + 40, 180, 8, ink, 0.25);
    out += el('path', {
      d: GLYPHS.heart,
      transform: `translate(${right - 110} ${s.y + 44}) scale(0.95)`,
      fill: 'none',
      stroke: ink,
      'stroke-opacity': 0.6,
      'stroke-width': 2.4,
      'stroke-linejoin': 'round',
    });
    out += el('path', {
      d: GLYPHS.cart,
      transform: `translate(${right - 60} ${s.y + 44}) scale(1)`,
      fill: 'none',
      stroke: ink,
      'stroke-opacity': 0.8,
      'stroke-width': 2.4,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    out +=
      circle(right - 46, s.y + 30, 10, { fill: PALETTE.coral }) + bar(right - 50, s.y + 27, 8, 6, PALETTE.white, 1);
    out += circle(right - 12, s.y + 44, 18, { fill: PALETTE.violet, 'fill-opacity': 0.25 });

    // Category chips.
    const chipsY = s.y + 92;
    const chipWidths = [110, 92, 124, 86, 104];
    const chipX = rowPositions(left, chipWidths, 16);
    chipWidths.forEach((width, index) => {
      const x = chipX[index] ?? left;
      const active = index === 0;
      out += rect(
        x,
        chipsY,
        width,
        38,
        19,
        active ? { fill: ink } : { fill: PALETTE.white, stroke: ink, 'stroke-opacity': 0.12 },
      );
      out += bar(x + 22, chipsY + 15, width - 44, 8, active ? PALETTE.white : ink, active ? 0.95 : 0.45);
    });
    out += bar(right - 150, chipsY + 15, 100, 8, ink, 0.4);
    out += el('path', {
      d: `M${right - 34} ${chipsY + 14}l6 6 6-6`,
      fill: 'none',
      stroke: ink,
      'stroke-opacity': 0.5,
      'stroke-width': 2.4,
      'stroke-linecap': 'round',
    });

    // Product grid, 4 x 2.
    const gridY = chipsY + 66;
    const gap = 22;
    const cols = 4;
    const cardWidth = (right - left - gap * (cols - 1)) / cols;
    const cardHeight = (s.y + s.height - 24 - gridY - gap) / 2;
    CATALOGUE.forEach((item, index) => {
      const col = index % cols;
      const row = Math.floor(index / cols);
      const x = left + col * (cardWidth + gap);
      const y = gridY + row * (cardHeight + gap);
      const imageHeight = cardHeight - 96;
      out += rect(x, y, cardWidth, cardHeight, 18, { fill: PALETTE.white, stroke: ink, 'stroke-opacity': 0.07 });
      out += rect(x + 8, y + 8, cardWidth - 16, imageHeight, 13, { fill: item.style.tile });
      out += product(item.kind, x + cardWidth / 2, y + 8 + imageHeight / 2 + 4, imageHeight * 0.62, item.style);
      if (index === 4)
        out += rect(x + 20, y + 20, 56, 24, 12, { fill: PALETTE.coral }) + bar(x + 32, y + 29, 32, 7, PALETTE.white, 1);
      out += circle(x + cardWidth - 30, y + 30, 15, { fill: PALETTE.white, 'fill-opacity': 0.9 });
      out += el('path', {
        d: GLYPHS.heart,
        transform: `translate(${x + cardWidth - 30} ${y + 30}) scale(0.55)`,
        fill: index % 3 === 1 ? PALETTE.coral : 'none',
        stroke: index % 3 === 1 ? PALETTE.coral : ink,
        'stroke-opacity': 0.7,
        'stroke-width': 3,
      });
      const textY = y + imageHeight + 26;
      out += bar(x + 18, textY, cardWidth * 0.58, 10, ink, 0.85);
      out += bar(x + 18, textY + 20, cardWidth * 0.36, 8, ink, 0.3);
      out += bar(x + 18, textY + 44, item.price, 14, ink, 0.95);
      out += circle(x + cardWidth - 34, textY + 34, 20, { fill: index === 1 ? PALETTE.coral : ink });
      out += el('path', {
        d: GLYPHS.plus,
        transform: `translate(${x + cardWidth - 34} ${textY + 34}) scale(0.65)`,
        stroke: PALETTE.white,
        'stroke-width': 3.4,
        'stroke-linecap': 'round',
      });
    });
    return out;
  });

  // Cart panel.
  const cx = 1150;
  const cy = 170;
  const cw = 380;
  const rows = [CATALOGUE[1], CATALOGUE[4], CATALOGUE[2]] as const;
  let cart =
    bar(cx + 30, cy + 36, 120, 14, PALETTE.white, 0.92) +
    circle(cx + 176, cy + 43, 14, { fill: PALETTE.coral }) +
    bar(cx + 172, cy + 40, 8, 6, PALETTE.white, 1) +
    el('path', {
      d: `M${cx + cw - 44} ${cy + 34}l14 14M${cx + cw - 30} ${cy + 34}l-14 14`,
      stroke: PALETTE.white,
      'stroke-opacity': 0.5,
      'stroke-width': 2.6,
      'stroke-linecap': 'round',
    });
  rows.forEach((item, index) => {
    if (!item) return;
    const y = cy + 84 + index * 108;
    cart += rect(cx + 24, y, 84, 84, 16, { fill: item.style.tile });
    cart += product(item.kind, cx + 66, y + 44, 56, item.style);
    cart += bar(cx + 126, y + 14, 140, 11, PALETTE.white, 0.9) + bar(cx + 126, y + 34, 80, 8, PALETTE.white, 0.4);
    cart += rect(cx + 126, y + 54, 96, 30, 15, { fill: PALETTE.white, 'fill-opacity': 0.1 });
    cart += el('path', {
      d: `M${cx + 140} ${y + 69}h10M${cx + 198} ${y + 69}h10M${cx + 203} ${y + 64}v10`,
      stroke: PALETTE.white,
      'stroke-width': 2.4,
      'stroke-linecap': 'round',
    });
    cart += bar(cx + 169, y + 65, 10, 8, PALETTE.white, 0.9);
    cart += bar(cx + cw - 24 - item.price, y + 62, item.price, 12, PALETTE.white, 0.9);
  });
  const totalsY = cy + 420;
  cart += el('path', {
    d: `M${cx + 24} ${totalsY}H${cx + cw - 24}`,
    stroke: PALETTE.white,
    'stroke-opacity': 0.15,
    'stroke-dasharray': '5 6',
  });
  cart +=
    bar(cx + 24, totalsY + 26, 90, 9, PALETTE.white, 0.45) +
    bar(cx + cw - 94, totalsY + 26, 70, 9, PALETTE.white, 0.45);
  cart +=
    bar(cx + 24, totalsY + 52, 70, 9, PALETTE.white, 0.45) +
    bar(cx + cw - 74, totalsY + 52, 50, 9, PALETTE.emerald, 0.9);
  cart +=
    bar(cx + 24, totalsY + 88, 80, 14, PALETTE.white, 0.92) +
    bar(cx + cw - 124, totalsY + 86, 100, 18, PALETTE.white, 0.95);
  cart += rect(cx + 24, totalsY + 130, cw - 48, 58, 20, {
    fill: gradientFill(scene, PALETTE.coral, '#f43f5e', [0, 0, 1, 0]),
  });
  cart += bar(cx + cw / 2 - 60, totalsY + 154, 120, 10, PALETTE.white, 0.95);
  scene.glass({
    x: cx,
    y: cy,
    width: cw,
    height: 640,
    radius: 30,
    tint: PALETTE.indigoDeep,
    tintOpacity: 0.62,
    shadow: 0.6,
    content: cart,
  });

  notification(scene, 40, 800, 370, PALETTE.coral, 'check', PALETTE.white, true);
  return scene.svg();
}
