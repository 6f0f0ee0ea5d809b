/**
 * proptech-solution: property search with listing cards beside a light map with price pins, and a
 * floating card of the selected home with its "book a visit" button. Accent: emerald and violet.
 */
import { PALETTE } from '../palette.ts';
import { circle, el, n, rect, smoothPath } from '../svg.ts';
import type { Scene } from '../scene.ts';
import { GLYPHS, bar, rowPositions } from '../ui.ts';
import { browserWindow, coverScene } from './frame.ts';
import { gradientFill } from './parts.ts';

type HomeKind = 'house' | 'tower' | 'loft';

const HOME_STYLE: Record<HomeKind, { sky: [string, string]; wall: string; roof: string; accent: string }> = {
  house: { sky: ['#c7d2fe', '#fbcfe8'], wall: '#fff7ed', roof: '#f97316', accent: '#0f766e' },
  tower: { sky: ['#a5f3fc', '#c7d2fe'], wall: '#e0e7ff', roof: '#4338ca', accent: '#38bdf8' },
  loft: { sky: ['#fde68a', '#fbcfe8'], wall: '#ede9fe', roof: '#7c3aed', accent: '#10b981' },
};

/** A small illustrated photo of a home, clipped to a rounded box. */
function homeArt(scene: Scene, x: number, y: number, w: number, h: number, kind: HomeKind, radius = 12): string {
  const style = HOME_STYLE[kind];
  const clip = scene.id('home');
  scene.def(el('clipPath', { id: clip }, rect(x, y, w, h, radius)));
  let art = rect(x, y, w, h, 0, { fill: gradientFill(scene, style.sky[0], style.sky[1], [0, 0, 0, 1]) });
  art += circle(x + w * 0.8, y + h * 0.26, h * 0.12, { fill: PALETTE.white, 'fill-opacity': 0.85 });
  art += el('path', {
    d: `M${x} ${y + h * 0.82}Q${x + w * 0.3} ${y + h * 0.7} ${x + w * 0.6} ${y + h * 0.8}T${x + w} ${y + h * 0.76}V${y + h}H${x}Z`,
    fill: '#86efac',
  });
  const gx = x + w * 0.5;
  const ground = y + h * 0.86;
  if (kind === 'house') {
    const bw = w * 0.46;
    const bh = h * 0.34;
    art += rect(gx - bw / 2, ground - bh, bw, bh, 0, { fill: style.wall });
    art += el('path', {
      d: `M${n(gx - bw / 2 - w * 0.04)} ${n(ground - bh)}L${n(gx)} ${n(ground - bh - h * 0.22)}L${n(gx + bw / 2 + w * 0.04)} ${n(ground - bh)}Z`,
      fill: style.roof,
    });
    art += rect(gx - bw * 0.1, ground - bh * 0.6, bw * 0.2, bh * 0.6, 0, { fill: style.accent });
    art += rect(gx - bw * 0.4, ground - bh * 0.72, bw * 0.2, bh * 0.3, 2, { fill: '#7dd3fc' });
    art += rect(gx + bw * 0.2, ground - bh * 0.72, bw * 0.2, bh * 0.3, 2, { fill: '#7dd3fc' });
  } else if (kind === 'tower') {
    const bw = w * 0.24;
    const bh = h * 0.66;
    art += rect(gx - bw * 1.2, ground - bh * 0.7, bw * 0.8, bh * 0.7, 0, { fill: '#c7d2fe' });
    art += rect(gx - bw / 2, ground - bh, bw, bh, 0, { fill: style.wall });
    art += rect(gx + bw * 0.6, ground - bh * 0.55, bw * 0.8, bh * 0.55, 0, { fill: '#a5b4fc' });
    for (let row = 0; row < 6; row++) {
      for (let col = 0; col < 2; col++) {
        art += rect(
          gx - bw / 2 + bw * 0.16 + col * bw * 0.4,
          ground - bh + bh * 0.08 + row * bh * 0.145,
          bw * 0.28,
          bh * 0.08,
          1.5,
          { fill: style.accent, 'fill-opacity': 0.75 },
        );
      }
    }
  } else {
    const bw = w * 0.56;
    const bh = h * 0.4;
    art += rect(gx - bw / 2, ground - bh, bw, bh, 0, { fill: style.wall });
    art += rect(gx - bw / 2 - 4, ground - bh - 8, bw + 8, 10, 3, { fill: style.roof });
    art += rect(gx - bw * 0.42, ground - bh * 0.78, bw * 0.5, bh * 0.5, 2, { fill: '#7dd3fc' });
    art += el('path', {
      d: `M${n(gx - bw * 0.17)} ${n(ground - bh * 0.78)}V${n(ground - bh * 0.28)}`,
      stroke: style.wall,
      'stroke-width': 3,
    });
    art += rect(gx + bw * 0.18, ground - bh * 0.62, bw * 0.18, bh * 0.62, 0, { fill: style.accent });
  }
  art += el('ellipse', { cx: x + w * 0.12, cy: ground - h * 0.08, rx: w * 0.06, ry: h * 0.12, fill: '#22c55e' });
  art += el('ellipse', { cx: x + w * 0.9, cy: ground - h * 0.06, rx: w * 0.05, ry: h * 0.1, fill: '#16a34a' });
  return el('g', { 'clip-path': `url(#${clip})` }, art);
}

/** The three listings in the results column: home illustration, title length, agent avatar colour. */
const LISTINGS: ReadonlyArray<{ kind: HomeKind; titleWidth: number; agent: string }> = [
  { kind: 'house', titleWidth: 110, agent: PALETTE.violet },
  { kind: 'tower', titleWidth: 96, agent: PALETTE.sky },
  { kind: 'loft', titleWidth: 124, agent: PALETTE.coral },
];

function featureIcon(x: number, y: number, glyph: string, color: string): string {
  return el('path', {
    d: glyph,
    transform: `translate(${n(x)} ${n(y)}) scale(0.75)`,
    fill: 'none',
    stroke: color,
    'stroke-width': 2.6,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
}

export function proptechCover(): string {
  const scene = coverScene([
    { x: 0.1, y: 0.08, r: 0.42, color: PALETTE.emerald, opacity: 0.26 },
    { x: 0.88, y: 0.1, r: 0.5, color: PALETTE.violet, opacity: 0.55 },
    { x: 0.45, y: 1.06, r: 0.45, color: PALETTE.indigo, opacity: 0.45 },
    { x: 1.0, y: 0.95, r: 0.3, color: PALETTE.coral, opacity: 0.26 },
  ]);
  const ink = PALETTE.ink;

  browserWindow(scene, { x: 80, y: 100, width: 1180, height: 800 }, 'light', (s) => {
    const pad = 26;
    const left = s.x + pad;
    let out = '';
    // Header: brand, location search and filters.
    out += rect(left, s.y + 22, 40, 40, 12, { fill: gradientFill(scene, PALETTE.emerald, PALETTE.violet) });
    out += featureIcon(left + 20, s.y + 42, GLYPHS.home, PALETTE.white);
    out += bar(left + 54, s.y + 36, 90, 12, ink, 0.9);
    out += rect(left + 180, s.y + 20, 380, 44, 22, { fill: ink, 'fill-opacity': 0.05 });
    out += featureIcon(left + 206, s.y + 42, GLYPHS.pin, PALETTE.emerald);
    out += bar(left + 228, s.y + 38, 150, 8, ink, 0.35);
    const filterWidths = [84, 100, 76];
    const filterX = rowPositions(left + 580, filterWidths, 14);
    filterWidths.forEach((width, index) => {
      const x = filterX[index] ?? left;
      out +=
        rect(x, s.y + 22, width, 40, 20, { fill: PALETTE.white, stroke: ink, 'stroke-opacity': 0.12 }) +
        bar(x + 20, s.y + 38, width - 40, 8, ink, 0.45);
    });

    // Listing cards.
    const listTop = s.y + 88;
    const listWidth = 470;
    const cardHeight = (s.y + s.height - 20 - listTop - 2 * 16) / 3;
    LISTINGS.forEach(({ kind, titleWidth, agent }, index) => {
      const y = listTop + index * (cardHeight + 16);
      const selected = index === 0;
      out += rect(
        left,
        y,
        listWidth,
        cardHeight,
        18,
        selected
          ? { fill: PALETTE.white, stroke: PALETTE.emerald, 'stroke-width': 2.5 }
          : { fill: PALETTE.white, stroke: ink, 'stroke-opacity': 0.07 },
      );
      const imageWidth = 180;
      out += homeArt(scene, left + 12, y + 12, imageWidth, cardHeight - 24, kind);
      const tx = left + imageWidth + 32;
      out += bar(tx, y + 26, titleWidth, 16, ink, 0.92);
      out += bar(tx, y + 56, 180, 9, ink, 0.55) + bar(tx, y + 74, 130, 8, ink, 0.3);
      const fy = y + 100;
      out += featureIcon(tx + 10, fy + 12, GLYPHS.bed, PALETTE.violet) + bar(tx + 26, fy + 8, 18, 8, ink, 0.5);
      out += featureIcon(tx + 72, fy + 12, GLYPHS.bath, PALETTE.violet) + bar(tx + 88, fy + 8, 18, 8, ink, 0.5);
      out +=
        rect(tx + 130, fy + 2, 22, 20, 4, { fill: 'none', stroke: PALETTE.violet, 'stroke-width': 2.2 }) +
        bar(tx + 160, fy + 8, 30, 8, ink, 0.5);
      out += el('path', {
        d: `M${tx} ${y + cardHeight - 54}H${left + listWidth - 20}`,
        stroke: ink,
        'stroke-opacity': 0.08,
      });
      out += circle(tx + 14, y + cardHeight - 28, 14, {
        fill: agent,
        'fill-opacity': 0.85,
      });
      out += bar(tx + 38, y + cardHeight - 32, 80, 8, ink, 0.4);
      out += rect(left + listWidth - 118, y + cardHeight - 44, 96, 32, 16, {
        fill: PALETTE.emerald,
        'fill-opacity': selected ? 1 : 0.14,
      });
      out += bar(left + listWidth - 96, y + cardHeight - 32, 52, 8, selected ? PALETTE.white : '#047857', 0.95);
      out += circle(left + listWidth - 30, y + 32, 15, { fill: ink, 'fill-opacity': 0.05 });
      out += el('path', {
        d: GLYPHS.heart,
        transform: `translate(${left + listWidth - 30} ${y + 32}) scale(0.55)`,
        fill: selected ? PALETTE.coral : 'none',
        stroke: selected ? PALETTE.coral : ink,
        'stroke-opacity': 0.7,
        'stroke-width': 3,
      });
    });

    // Light map with price pins.
    const map = {
      x: left + listWidth + 20,
      y: listTop,
      width: s.x + s.width - pad - (left + listWidth + 20),
      height: s.y + s.height - 20 - listTop,
    };
    const clip = scene.id('map');
    scene.def(el('clipPath', { id: clip }, rect(map.x, map.y, map.width, map.height, 18)));
    const at = (fx: number, fy: number): [number, number] => [map.x + fx * map.width, map.y + fy * map.height];
    let geo = rect(map.x, map.y, map.width, map.height, 0, { fill: '#e6ebf5' });
    geo += el('path', {
      d: smoothPath([at(-0.05, 0.7), at(0.25, 0.62), at(0.5, 0.78), at(0.8, 0.7), at(1.05, 0.82)]),
      fill: 'none',
      stroke: '#bae6fd',
      'stroke-width': 40,
    });
    geo += el('ellipse', { cx: at(0.3, 0.25)[0], cy: at(0.3, 0.25)[1], rx: 90, ry: 60, fill: '#bbf7d0' });
    geo += el('ellipse', { cx: at(0.85, 0.4)[0], cy: at(0.85, 0.4)[1], rx: 60, ry: 80, fill: '#bbf7d0' });
    for (let i = 0; i < 9; i++) {
      const x = map.x + 20 + i * 80;
      geo += el('path', {
        d: `M${x} ${map.y}L${x - 40} ${map.y + map.height}`,
        stroke: PALETTE.white,
        'stroke-width': i % 4 === 1 ? 11 : 3.5,
      });
    }
    for (let i = 0; i < 9; i++) {
      const y = map.y + 30 + i * 84;
      geo += el('path', {
        d: `M${map.x} ${y}L${map.x + map.width} ${y + 24}`,
        stroke: PALETTE.white,
        'stroke-width': i % 4 === 2 ? 11 : 3.5,
      });
    }
    // Area of interest.
    geo += el('path', {
      d: `M${at(0.32, 0.3).join(' ')}L${at(0.7, 0.22).join(' ')}L${at(0.78, 0.56).join(' ')}L${at(0.4, 0.64).join(' ')}Z`,
      fill: PALETTE.violet,
      'fill-opacity': 0.1,
      stroke: PALETTE.violet,
      'stroke-width': 2.5,
      'stroke-dasharray': '8 7',
    });
    const pins: ReadonlyArray<[number, number, number, boolean]> = [
      [0.45, 0.4, 70, true],
      [0.62, 0.3, 58, false],
      [0.2, 0.5, 64, false],
      [0.66, 0.5, 52, false],
      [0.3, 0.82, 60, false],
      [0.82, 0.16, 56, false],
      [0.86, 0.86, 62, false],
    ];
    for (const [fx, fy, width, selected] of pins) {
      const [px, py] = at(fx, fy);
      const h = selected ? 40 : 32;
      const fill = selected ? PALETTE.emerald : ink;
      geo += el('path', {
        d: `M${n(px - 8)} ${n(py + h / 2 - 1)}L${n(px)} ${n(py + h / 2 + 9)}L${n(px + 8)} ${n(py + h / 2 - 1)}Z`,
        fill,
      });
      geo += rect(px - width / 2, py - h / 2, width, h, h / 2, { fill });
      geo += bar(px - width / 2 + 14, py - 4, width - 28, 8, PALETTE.white, 0.95);
    }
    out += el('g', { 'clip-path': `url(#${clip})` }, geo);
    return out;
  });

  // Selected home.
  const fx = 1160;
  const fy = 230;
  const fw = 370;
  scene.glass({
    x: fx,
    y: fy,
    width: fw,
    height: 560,
    radius: 30,
    tint: PALETTE.indigoDeep,
    tintOpacity: 0.62,
    shadow: 0.6,
    content:
      homeArt(scene, fx + 18, fy + 18, fw - 36, 230, 'house', 20) +
      rect(fx + 34, fy + 34, 86, 30, 15, { fill: PALETTE.emerald }) +
      bar(fx + 50, fy + 45, 54, 8, PALETTE.night, 0.9) +
      bar(fx + 26, fy + 276, 170, 20, PALETTE.white, 0.95) +
      bar(fx + 26, fy + 312, 230, 10, PALETTE.white, 0.55) +
      bar(fx + 26, fy + 332, 170, 8, PALETTE.white, 0.35) +
      [GLYPHS.bed, GLYPHS.bath, GLYPHS.home]
        .map(
          (glyph, i) =>
            rect(fx + 26 + i * 108, fy + 366, 96, 64, 16, { fill: PALETTE.white, 'fill-opacity': 0.08 }) +
            featureIcon(fx + 50 + i * 108, fy + 398, glyph, PALETTE.emerald) +
            bar(fx + 68 + i * 108, fy + 394, 34, 8, PALETTE.white, 0.7),
        )
        .join('') +
      rect(fx + 26, fy + 462, fw - 52, 64, 22, {
        fill: gradientFill(scene, PALETTE.emerald, '#059669', [0, 0, 1, 0]),
      }) +
      featureIcon(fx + 112, fy + 494, GLYPHS.calendar, PALETTE.night) +
      bar(fx + 136, fy + 489, 120, 10, PALETTE.night, 0.85),
  });
  return scene.svg();
}
