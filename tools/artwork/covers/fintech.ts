/**
 * fintech-revolution: a payments dashboard (balance stats, revenue chart, transactions) and the
 * companion phone wallet with a card and recent movements. Accent: emerald and cyan.
 */
import { PALETTE } from '../palette.ts';
import { circle, rect } from '../svg.ts';
import { areaChart, bar, gridLines, smoothLine } from '../ui.ts';
import { browserWindow, coverScene, phone } from './frame.ts';
import { card, gradientFill, heading, listRow, navRail, notification, statCard } from './parts.ts';

export function fintechCover(): string {
  const scene = coverScene([
    { x: 0.12, y: 0.05, r: 0.42, color: PALETTE.emerald, opacity: 0.32 },
    { x: 0.88, y: 0.15, r: 0.5, color: PALETTE.indigo, opacity: 0.55 },
    { x: 0.55, y: 1.05, r: 0.4, color: PALETTE.cyan, opacity: 0.3 },
    { x: 1.02, y: 0.95, r: 0.35, color: PALETTE.violet, opacity: 0.45 },
  ]);

  browserWindow(scene, { x: 100, y: 110, width: 1130, height: 780 }, 'dark', (s) => {
    const left = s.x + 116;
    const right = s.x + s.width - 30;
    const width = right - left;
    const statWidth = (width - 48) / 3;
    let out = navRail(s.x, s.y, s.height, PALETTE.emerald, ['home', 'card', 'pulse', 'layers', 'calendar'], 1, 'dark');
    out += heading(left, s.y + 36, 230, 150, 'dark');
    out +=
      rect(right - 150, s.y + 34, 150, 44, 22, { fill: PALETTE.emerald }) +
      bar(right - 115, s.y + 52, 80, 9, PALETTE.night, 0.9);
    out += circle(right - 186, s.y + 56, 22, { fill: PALETTE.violet, 'fill-opacity': 0.9 });
    const statY = s.y + 110;
    out += statCard(left, statY, statWidth, 128, 'dark', PALETTE.emerald, 'card', 170, {
      color: PALETTE.emerald,
      up: true,
    });
    out += statCard(left + statWidth + 24, statY, statWidth, 128, 'dark', PALETTE.cyan, 'arrowUp', 140, {
      color: PALETTE.emerald,
      up: true,
    });
    out += statCard(left + (statWidth + 24) * 2, statY, statWidth, 128, 'dark', PALETTE.coral, 'pulse', 120, {
      color: PALETTE.coral,
      up: false,
    });

    // Revenue chart with last period as a dashed comparison line.
    const chartY = statY + 152;
    const chartWidth = width * 0.62;
    const chartHeight = s.y + s.height - 28 - chartY;
    out += card(left, chartY, chartWidth, chartHeight, 'dark');
    out += bar(left + 24, chartY + 28, 160, 12, PALETTE.white, 0.85);
    out +=
      circle(left + chartWidth - 170, chartY + 34, 6, { fill: PALETTE.emerald }) +
      bar(left + chartWidth - 156, chartY + 30, 50, 8, PALETTE.white, 0.4);
    out +=
      circle(left + chartWidth - 86, chartY + 34, 6, { fill: PALETTE.indigo }) +
      bar(left + chartWidth - 72, chartY + 30, 50, 8, PALETTE.white, 0.4);
    const plot = { x: left + 28, y: chartY + 80, width: chartWidth - 56, height: chartHeight - 130 };
    out += gridLines(plot.x, plot.y, plot.width, plot.height, 4);
    out += smoothLine(plot, [0.2, 0.28, 0.25, 0.4, 0.34, 0.46, 0.42, 0.5, 0.55], PALETTE.indigo, 3, '8 8');
    out += areaChart(
      scene,
      plot.x,
      plot.y,
      plot.width,
      plot.height,
      [0.22, 0.36, 0.3, 0.52, 0.46, 0.64, 0.58, 0.76, 0.88],
      PALETTE.emerald,
      4,
    );
    for (let i = 0; i < 9; i++)
      out += bar(plot.x + (i * plot.width) / 8 - 14, plot.y + plot.height + 22, 28, 7, PALETTE.white, 0.25);

    // Recent transactions.
    const listX = left + chartWidth + 24;
    const listWidth = width - chartWidth - 24;
    out += card(listX, chartY, listWidth, chartHeight, 'dark');
    out += bar(listX + 24, chartY + 28, 130, 12, PALETTE.white, 0.85);
    const rows = [
      [PALETTE.emerald, 'arrowUp', [120, 80], 70, PALETTE.emerald],
      [PALETTE.coral, 'cart', [96, 64], 60, PALETTE.white],
      [PALETTE.cyan, 'card', [130, 70], 64, PALETTE.white],
      [PALETTE.emerald, 'arrowUp', [104, 84], 76, PALETTE.emerald],
      [PALETTE.amber, 'home', [88, 60], 58, PALETTE.white],
    ] as const;
    rows.forEach(([color, glyph, lines, amount, amountColor], index) => {
      const rowY = chartY + 74 + index * 64;
      if (rowY + 44 > chartY + chartHeight - 12) return;
      out += listRow(listX + 22, rowY, listWidth - 44, 'dark', color, glyph, lines, {
        width: amount,
        color: amountColor,
      });
    });
    return out;
  });

  phone(scene, { x: 1150, y: 190, width: 340, height: 700 }, 'dark', (s) => {
    const x = s.x + 22;
    const width = s.width - 44;
    let out =
      bar(x, s.y + 66, 120, 12, PALETTE.white, 0.85) +
      circle(x + width - 16, s.y + 72, 16, { fill: PALETTE.coral, 'fill-opacity': 0.9 });
    // Payment card.
    const cardY = s.y + 106;
    out += rect(x, cardY, width, 176, 22, { fill: gradientFill(scene, PALETTE.emerald, PALETTE.indigo, [0, 0, 1, 1]) });
    out += rect(x, cardY, width, 176, 22, {
      fill: gradientFill(scene, PALETTE.white, PALETTE.white, [0, 0, 0.6, 0.8], [0.35, 0]),
    });
    out += rect(x + 22, cardY + 26, 40, 30, 7, { fill: PALETTE.amber, 'fill-opacity': 0.85 });
    out +=
      circle(x + width - 50, cardY + 40, 14, { fill: PALETTE.white, 'fill-opacity': 0.55 }) +
      circle(x + width - 32, cardY + 40, 14, { fill: PALETTE.white, 'fill-opacity': 0.35 });
    out +=
      bar(x + 22, cardY + 96, 150, 12, PALETTE.white, 0.9) +
      bar(x + 22, cardY + 136, 90, 9, PALETTE.white, 0.6) +
      bar(x + width - 80, cardY + 136, 58, 9, PALETTE.white, 0.6);
    // Quick actions.
    const actionsY = cardY + 206;
    [PALETTE.emerald, PALETTE.cyan, PALETTE.violet, PALETTE.coral].forEach((color, index) => {
      const cx = x + 28 + index * ((width - 56) / 3);
      out += circle(cx, actionsY + 24, 26, { fill: PALETTE.white, 'fill-opacity': 0.08 });
      out += circle(cx, actionsY + 24, 8, { fill: color });
      out += bar(cx - 18, actionsY + 62, 36, 6, PALETTE.white, 0.3);
    });
    // Movements.
    const listY = actionsY + 98;
    out += bar(x, listY, 110, 11, PALETTE.white, 0.8);
    const movements = [
      [PALETTE.emerald, 'arrowUp', 56, PALETTE.emerald],
      [PALETTE.coral, 'cart', 48, PALETTE.white],
      [PALETTE.cyan, 'card', 52, PALETTE.white],
      [PALETTE.amber, 'home', 44, PALETTE.white],
    ] as const;
    movements.forEach(([color, glyph, amount, amountColor], index) => {
      out += listRow(x, listY + 30 + index * 58, width, 'dark', color, glyph, [90, 56], {
        width: amount,
        color: amountColor,
      });
    });
    return out;
  });

  notification(scene, 44, 770, 380, PALETTE.emerald, 'check', PALETTE.emerald);
  return scene.svg();
}
