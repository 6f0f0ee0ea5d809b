/**
 * healthtech-app: the clinic's weekly appointment calendar and the patient's phone with the next
 * appointment and live vitals, plus a floating heart-rate card. Accent: cyan and coral.
 */
import { PALETTE } from '../palette.ts';
import { circle, el, rect } from '../svg.ts';
import { GLYPHS, avatar, bar, ecgPath, iconTile, ring } from '../ui.ts';
import { browserWindow, coverScene, phone } from './frame.ts';
import { card, gradientFill, heading, navRail } from './parts.ts';

/** Appointment blocks: day column, start hour offset (0 = first row), length in rows, colour. */
const APPOINTMENTS = [
  [0, 0.2, 1.2, PALETTE.cyan],
  [0, 2, 1, PALETTE.violet],
  [0, 3.6, 1.3, PALETTE.coral],
  [1, 0.8, 1.4, PALETTE.emerald],
  [1, 3, 1, PALETTE.cyan],
  [2, 0, 1, PALETTE.coral],
  [2, 1.5, 1.6, PALETTE.cyan],
  [2, 4, 1, PALETTE.violet],
  [3, 0.6, 1, PALETTE.violet],
  [3, 2.2, 1.3, PALETTE.emerald],
  [4, 1, 1.2, PALETTE.cyan],
  [4, 3.2, 1.4, PALETTE.coral],
] as const;

export function healthtechCover(): string {
  const scene = coverScene([
    { x: 0.1, y: 0.08, r: 0.42, color: PALETTE.cyan, opacity: 0.3 },
    { x: 0.86, y: 0.1, r: 0.5, color: PALETTE.indigo, opacity: 0.5 },
    { x: 0.98, y: 0.95, r: 0.35, color: PALETTE.coral, opacity: 0.3 },
    { x: 0.4, y: 1.06, r: 0.42, color: PALETTE.violet, opacity: 0.35 },
  ]);

  browserWindow(scene, { x: 90, y: 110, width: 1070, height: 780 }, 'dark', (s) => {
    let out = navRail(s.x, s.y, s.height, PALETTE.cyan, ['calendar', 'user', 'pulse', 'heart', 'layers'], 0, 'dark');
    const left = s.x + 116;
    const right = s.x + s.width - 30;
    out += heading(left, s.y + 36, 220, 140, 'dark');
    out += rect(left + 300, s.y + 36, 168, 40, 20, { fill: PALETTE.white, 'fill-opacity': 0.06 });
    out +=
      rect(left + 304, s.y + 40, 80, 32, 16, { fill: PALETTE.cyan, 'fill-opacity': 0.25 }) +
      bar(left + 322, s.y + 52, 44, 8, PALETTE.cyan, 1);
    out += bar(left + 404, s.y + 52, 44, 8, PALETTE.white, 0.4);

    // Week grid.
    const gridTop = s.y + 120;
    const gridBottom = s.y + s.height - 30;
    const timeColumn = 56;
    const days = 5;
    const columnWidth = (right - left - timeColumn) / days;
    const rowHeight = (gridBottom - gridTop - 50) / 6;
    out += card(left, gridTop, right - left, gridBottom - gridTop, 'dark');
    for (let d = 0; d < days; d++) {
      const x = left + timeColumn + d * columnWidth;
      const today = d === 2;
      if (today)
        out += rect(x + 4, gridTop + 8, columnWidth - 8, gridBottom - gridTop - 16, 12, {
          fill: PALETTE.cyan,
          'fill-opacity': 0.05,
        });
      out += bar(x + 16, gridTop + 22, 34, 8, PALETTE.white, today ? 0.9 : 0.45);
      out += today
        ? circle(x + columnWidth - 30, gridTop + 26, 14, { fill: PALETTE.cyan })
        : circle(x + columnWidth - 30, gridTop + 26, 14, { fill: PALETTE.white, 'fill-opacity': 0.06 });
    }
    for (let r = 0; r <= 6; r++) {
      const y = gridTop + 50 + r * rowHeight;
      out += el('path', {
        d: `M${left + timeColumn} ${y}H${right - 8}`,
        stroke: PALETTE.white,
        'stroke-opacity': 0.07,
      });
      if (r < 6) out += bar(left + 16, y + 6, 26, 7, PALETTE.white, 0.3);
    }
    for (const [day, start, length, color] of APPOINTMENTS) {
      const x = left + timeColumn + day * columnWidth + 8;
      const y = gridTop + 50 + start * rowHeight + 4;
      const h = length * rowHeight - 8;
      const w = columnWidth - 16;
      out += rect(x, y, w, h, 12, { fill: color, 'fill-opacity': 0.18 });
      out += rect(x, y + 6, 4, h - 12, 2, { fill: color });
      out += bar(x + 16, y + 14, w * 0.55, 8, PALETTE.white, 0.85);
      if (h > 60) out += bar(x + 16, y + 32, w * 0.35, 7, color, 0.9);
      if (h > 84) out += avatar(x + 28, y + h - 24, 12, color, PALETTE.indigoDeep);
    }
    // Current time marker in today's column.
    const nowY = gridTop + 50 + 2.9 * rowHeight;
    const todayX = left + timeColumn + 2 * columnWidth;
    out += el('path', { d: `M${todayX} ${nowY}H${todayX + columnWidth}`, stroke: PALETTE.coral, 'stroke-width': 2.5 });
    out += circle(todayX, nowY, 6, { fill: PALETTE.coral });
    return out;
  });

  phone(scene, { x: 1110, y: 140, width: 350, height: 720 }, 'dark', (s) => {
    const x = s.x + 22;
    const width = s.width - 44;
    let out = bar(x, s.y + 66, 90, 9, PALETTE.white, 0.45) + bar(x, s.y + 84, 150, 13, PALETTE.white, 0.9);
    out += avatar(x + width - 20, s.y + 80, 20, PALETTE.coral, PALETTE.indigoDeep);
    // Next appointment card.
    const cardY = s.y + 126;
    out += rect(x, cardY, width, 168, 24, { fill: gradientFill(scene, PALETTE.cyan, PALETTE.indigo, [0, 0, 1, 1]) });
    out += avatar(x + 40, cardY + 44, 24, PALETTE.white, '#0e7490');
    out += bar(x + 78, cardY + 32, 120, 11, PALETTE.white, 0.95) + bar(x + 78, cardY + 52, 80, 8, PALETTE.white, 0.7);
    out += rect(x + 16, cardY + 98, width - 32, 50, 16, { fill: PALETTE.night, 'fill-opacity': 0.22 });
    out += el('path', {
      d: GLYPHS.calendar,
      transform: `translate(${x + 42} ${cardY + 123}) scale(0.8)`,
      fill: 'none',
      stroke: PALETTE.white,
      'stroke-width': 2.6,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
    });
    out +=
      bar(x + 62, cardY + 119, 70, 8, PALETTE.white, 0.9) +
      bar(x + width - 100, cardY + 119, 70, 8, PALETTE.white, 0.9);
    // Heart rate.
    const hrY = cardY + 192;
    out += card(x, hrY, width, 150, 'dark', 22);
    out += iconTile(x + 16, hrY + 16, 36, PALETTE.coral, GLYPHS.heart, PALETTE.night);
    out += bar(x + 64, hrY + 22, 70, 8, PALETTE.white, 0.5) + bar(x + 64, hrY + 38, 44, 12, PALETTE.white, 0.92);
    out += el('path', {
      d: ecgPath(x + 14, hrY + 108, width - 28, 36, 3),
      fill: 'none',
      stroke: PALETTE.coral,
      'stroke-width': 3,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
    });
    // Oxygen and sleep.
    const smallY = hrY + 168;
    const half = (width - 16) / 2;
    out += card(x, smallY, half, 150, 'dark', 22);
    out +=
      ring(x + half / 2, smallY + 62, 34, 9, 0.92, PALETTE.cyan) +
      bar(x + half / 2 - 18, smallY + 52, 36, 11, PALETTE.white, 0.9) +
      bar(x + half / 2 - 11, smallY + 68, 22, 6, PALETTE.white, 0.4);
    out += bar(x + half / 2 - 30, smallY + 118, 60, 7, PALETTE.white, 0.4);
    out += card(x + half + 16, smallY, half, 150, 'dark', 22);
    [0.5, 0.8, 0.6, 0.9, 0.7].forEach((value, index) => {
      const bx = x + half + 36 + index * 22;
      out += rect(bx, smallY + 100 - value * 70, 12, value * 70, 6, {
        fill: PALETTE.violet,
        'fill-opacity': index === 3 ? 1 : 0.55,
      });
    });
    out += bar(x + half + 40, smallY + 118, 70, 7, PALETTE.white, 0.4);
    return out;
  });

  // Floating live heart-rate card.
  const fx = 40;
  const fy = 690;
  scene.glass({
    x: fx,
    y: fy,
    width: 430,
    height: 190,
    radius: 28,
    tint: PALETTE.indigoDeep,
    tintOpacity: 0.45,
    shadow: 0.6,
    content:
      iconTile(fx + 24, fy + 24, 48, PALETTE.coral, GLYPHS.heart, PALETTE.night) +
      bar(fx + 90, fy + 32, 140, 11, PALETTE.white, 0.92) +
      bar(fx + 90, fy + 54, 90, 8, PALETTE.white, 0.45) +
      rect(fx + 330, fy + 30, 76, 30, 15, { fill: PALETTE.emerald, 'fill-opacity': 0.18 }) +
      circle(fx + 348, fy + 45, 5, { fill: PALETTE.emerald }) +
      bar(fx + 360, fy + 41, 32, 8, PALETTE.emerald, 0.95) +
      el('path', {
        d: ecgPath(fx + 24, fy + 140, 382, 44, 4),
        fill: 'none',
        stroke: PALETTE.coral,
        'stroke-width': 3.5,
        'stroke-linejoin': 'round',
        'stroke-linecap': 'round',
      }),
  });
  return scene.svg();
}
