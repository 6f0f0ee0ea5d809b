/**
 * Building blocks for stylised interface mock-ups: text is never written, it is suggested with bars,
 * so the artwork stays language-neutral and never shows fake claims.
 */
import { PALETTE } from './palette.ts';
import { circle, el, linearGradient, n, rect, smoothPath } from './svg.ts';
import type { Scene } from './scene.ts';

export interface Ink {
  color?: string;
  opacity?: number;
}

/** A column of text lines (rounded bars) of the given widths. */
export function textLines(
  x: number,
  y: number,
  widths: readonly number[],
  height = 8,
  gap = 14,
  ink: Ink = {},
): string {
  return widths
    .map((width, index) =>
      rect(x, y + index * gap, width, height, height / 2, {
        fill: ink.color ?? PALETTE.white,
        'fill-opacity': ink.opacity ?? (index === 0 ? 0.85 : 0.4),
      }),
    )
    .join('');
}

export function bar(x: number, y: number, width: number, height: number, color: string, opacity = 1): string {
  return rect(x, y, width, height, height / 2, { fill: color, 'fill-opacity': opacity });
}

/** Left edges of items of the given widths laid out in a row from `start` with `gap` between them. */
export function rowPositions(start: number, widths: readonly number[], gap: number): number[] {
  let x = start;
  return widths.map((width) => {
    const at = x;
    x += width + gap;
    return at;
  });
}

/** Vertical bar chart inside the box, bars rounded at the top. */
export function barChart(
  x: number,
  y: number,
  width: number,
  height: number,
  values: readonly number[],
  colors: readonly string[],
  gapRatio = 0.45,
): string {
  const step = width / values.length;
  const barWidth = step * (1 - gapRatio);
  return values
    .map((value, index) => {
      const h = Math.max(barWidth, value * height);
      const color = colors[index % colors.length] ?? PALETTE.indigo;
      return rect(x + index * step + (step - barWidth) / 2, y + height - h, barWidth, h, Math.min(barWidth / 2, 6), {
        fill: color,
      });
    })
    .join('');
}

/** Smooth line chart with a gradient area below it; values are 0..1 from the bottom of the box. */
export function areaChart(
  scene: Scene,
  x: number,
  y: number,
  width: number,
  height: number,
  values: readonly number[],
  color: string,
  strokeWidth = 3,
): string {
  const points = values.map(
    (value, index) => [x + (index / (values.length - 1)) * width, y + height - value * height] as const,
  );
  const line = smoothPath(points);
  const fillId = scene.id('area');
  scene.def(
    linearGradient(
      fillId,
      [
        { offset: 0, color, opacity: 0.45 },
        { offset: 1, color, opacity: 0 },
      ],
      [0, 0],
      [0, 1],
    ),
  );
  const last = points[points.length - 1] ?? [x, y];
  return (
    el('path', { d: `${line} L${n(x + width)} ${n(y + height)} L${n(x)} ${n(y + height)}Z`, fill: `url(#${fillId})` }) +
    el('path', {
      d: line,
      fill: 'none',
      stroke: color,
      'stroke-width': strokeWidth,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }) +
    circle(last[0], last[1], strokeWidth * 2.2, { fill: PALETTE.white }) +
    circle(last[0], last[1], strokeWidth * 1.2, { fill: color })
  );
}

/** Horizontal grid lines behind a chart. */
export function gridLines(
  x: number,
  y: number,
  width: number,
  height: number,
  rows: number,
  color: string = PALETTE.white,
  opacity = 0.08,
): string {
  let out = '';
  for (let i = 0; i <= rows; i++) {
    const yy = y + (i / rows) * height;
    out += el('path', {
      d: `M${n(x)} ${n(yy)}H${n(x + width)}`,
      stroke: color,
      'stroke-opacity': opacity,
      'stroke-width': 1,
      'stroke-dasharray': '4 6',
    });
  }
  return out;
}

/** Progress ring: a track and an arc from twelve o'clock, clockwise. */
export function ring(
  cx: number,
  cy: number,
  r: number,
  strokeWidth: number,
  progress: number,
  color: string,
  track: string = PALETTE.white,
  trackOpacity = 0.12,
): string {
  const circumference = 2 * Math.PI * r;
  return (
    circle(cx, cy, r, { fill: 'none', stroke: track, 'stroke-opacity': trackOpacity, 'stroke-width': strokeWidth }) +
    circle(cx, cy, r, {
      fill: 'none',
      stroke: color,
      'stroke-width': strokeWidth,
      'stroke-linecap': 'round',
      'stroke-dasharray': `${n(circumference * progress)} ${n(circumference)}`,
      transform: `rotate(-90 ${n(cx)} ${n(cy)})`,
    })
  );
}

/** Window bar of a browser: three lights and an address field. */
export function browserBar(x: number, y: number, width: number, dark: boolean): string {
  const lights = [PALETTE.coral, PALETTE.amber, PALETTE.emerald]
    .map((color, index) => circle(x + 26 + index * 20, y + 22, 6, { fill: color, 'fill-opacity': dark ? 0.9 : 1 }))
    .join('');
  const field = rect(x + 100, y + 11, Math.min(420, width - 200), 22, 11, {
    fill: dark ? PALETTE.white : PALETTE.ink,
    'fill-opacity': dark ? 0.08 : 0.06,
  });
  const url = rect(x + 116, y + 19, Math.min(160, width * 0.18), 6, 3, {
    fill: dark ? PALETTE.white : PALETTE.ink,
    'fill-opacity': dark ? 0.35 : 0.25,
  });
  return lights + field + url;
}

/** A round avatar with a simple head-and-shoulders silhouette, for lists and comments. */
export function avatar(cx: number, cy: number, r: number, background: string, figure: string): string {
  const clip = `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(r * 2)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-r * 2)} 0`;
  return (
    el('path', { d: clip, fill: background }) +
    circle(cx, cy - r * 0.18, r * 0.34, { fill: figure }) +
    el('path', {
      d: `M${n(cx - r * 0.62)} ${n(cy + r * 0.78)}C${n(cx - r * 0.6)} ${n(cy + r * 0.28)} ${n(cx + r * 0.6)} ${n(cy + r * 0.28)} ${n(cx + r * 0.62)} ${n(cy + r * 0.78)}Z`,
      fill: figure,
    })
  );
}

/** Small square icon tile with a glyph made of one path. */
export function iconTile(
  x: number,
  y: number,
  size: number,
  fill: string,
  glyph: string,
  glyphColor: string = PALETTE.white,
  fillOpacity = 1,
): string {
  return (
    rect(x, y, size, size, size * 0.3, { fill, 'fill-opacity': fillOpacity }) +
    el('path', {
      d: glyph,
      transform: `translate(${n(x + size / 2)} ${n(y + size / 2)}) scale(${n(size / 40)})`,
      fill: 'none',
      stroke: glyphColor,
      'stroke-width': 2.6,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    })
  );
}

/** Glyphs for icon tiles, drawn in a 40-unit box centred on 0,0. */
export const GLYPHS = {
  check: 'M-8 0l5.5 5.5L9-6',
  plus: 'M0-8v16M-8 0h16',
  arrowUp: 'M0 9V-9M-7-2l7-7 7 7',
  arrowRight: 'M-9 0h18M2-7l7 7-7 7',
  play: 'M-5-8v16l13-8z',
  pin: 'M0 10s-8-7-8-13a8 8 0 0 1 16 0c0 6-8 13-8 13zM0-3h.01',
  box: 'M-9-5l9-5 9 5v10l-9 5-9-5zM-9-5l9 5 9-5M0 0v10',
  heart: 'M0 8s-9-5.5-9-11.5a5 5 0 0 1 9-3 5 5 0 0 1 9 3C9 2.5 0 8 0 8z',
  calendar: 'M-8-6h16v14h-16zM-8-1h16M-4-9v5M4-9v5',
  cart: 'M-10-8h3l3 12h11l3-9H-6M-3 8h.01M6 8h.01',
  home: 'M-9 0l9-8 9 8M-6-2v10h12V-2',
  card: 'M-10-6h20v13h-20zM-10-2h20',
  book: 'M-9-7h7a3 3 0 0 1 2 1v14a3 3 0 0 0-2-1h-7zM9-7H2a3 3 0 0 0-2 1v14a3 3 0 0 1 2-1h7z',
  truck: 'M-10-5h12v10h-12zM2-1h5l3 3v3H2M-6 7h.01M6 7h.01',
  pulse: 'M-10 0h5l3-7 4 14 3-7h5',
  code: 'M-4-7l-6 7 6 7M4-7l6 7-6 7',
  layers: 'M0-9l10 5-10 5-10-5zM-10 1l10 5 10-5',
  star: 'M0-10l3 6.5 7 .8-5.2 4.8 1.4 7L0 5.6-6.2 9.1l1.4-7L-10-2.7l7-.8z',
  lock: 'M-7-1h14v10h-14zM-4-1v-4a4 4 0 0 1 8 0v4',
  search: 'M-2-8a6 6 0 1 0 0 12a6 6 0 1 0 0-12M2.5 2.5l6 6',
  bed: 'M-10 6V-6M-10 2h20v4M10 6V-1a3 3 0 0 0-3-3H-2v6M-6-2h.01',
  bath: 'M-10 0h20v3a5 5 0 0 1-5 5h-10a5 5 0 0 1-5-5zM-7 0v-7a2 2 0 0 1 4 0',
  user: 'M0-8a4 4 0 1 0 0 8a4 4 0 1 0 0-8M-8 9a8 8 0 0 1 16 0',
} as const;

/** A smooth line through values (0..1 from the bottom of the box), optionally dashed. */
export function smoothLine(
  box: { x: number; y: number; width: number; height: number },
  values: readonly number[],
  color: string,
  strokeWidth = 3,
  dash?: string,
): string {
  const points = values.map(
    (value, index) =>
      [box.x + (index / (values.length - 1)) * box.width, box.y + box.height - value * box.height] as const,
  );
  return el('path', {
    d: smoothPath(points),
    fill: 'none',
    stroke: color,
    'stroke-width': strokeWidth,
    'stroke-linecap': 'round',
    'stroke-dasharray': dash,
    'stroke-opacity': 0.8,
  });
}

/** Heart-monitor trace: a flat baseline with `beats` evenly spaced P-QRS-T complexes. */
export function ecgPath(x: number, y: number, width: number, amplitude: number, beats: number): string {
  const beat = width / beats;
  let d = `M${n(x)} ${n(y)}`;
  for (let i = 0; i < beats; i++) {
    const b = x + i * beat;
    const u = beat / 20;
    d +=
      `L${n(b + u * 4)} ${n(y)}` +
      `Q${n(b + u * 5)} ${n(y - amplitude * 0.18)} ${n(b + u * 6)} ${n(y)}` +
      `L${n(b + u * 7)} ${n(y)}L${n(b + u * 7.6)} ${n(y + amplitude * 0.18)}` +
      `L${n(b + u * 8.6)} ${n(y - amplitude)}L${n(b + u * 9.6)} ${n(y + amplitude * 0.35)}` +
      `L${n(b + u * 10.4)} ${n(y)}L${n(b + u * 12)} ${n(y)}` +
      `Q${n(b + u * 13.5)} ${n(y - amplitude * 0.3)} ${n(b + u * 15)} ${n(y)}` +
      `L${n(b + beat)} ${n(y)}`;
  }
  return d;
}
