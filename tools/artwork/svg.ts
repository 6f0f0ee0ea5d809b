/**
 * Tiny SVG string helpers. Artwork is plain SVG text so that it can be committed (logo, favicon) or
 * rasterised by sharp (librsvg) without a browser.
 */

/** Rounds to two decimals so generated markup stays short and diff-stable. */
export function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export type Attrs = Record<string, string | number | undefined>;

export function attrs(values: Attrs): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : escapeAttr(value)}"`)
    .join('');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function el(name: string, values: Attrs, children = ''): string {
  return children ? `<${name}${attrs(values)}>${children}</${name}>` : `<${name}${attrs(values)}/>`;
}

export function svgDocument(width: number, height: number, body: string, extra: Attrs = {}): string {
  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${n(width)} ${n(height)}`, ...extra },
    body,
  );
}

export function rect(x: number, y: number, width: number, height: number, radius: number, extra: Attrs = {}): string {
  return el('rect', { x, y, width, height, rx: radius || undefined, ...extra });
}

export function circle(cx: number, cy: number, r: number, extra: Attrs = {}): string {
  return el('circle', { cx, cy, r, ...extra });
}

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

function stops(list: readonly Stop[]): string {
  return list
    .map((stop) => el('stop', { offset: stop.offset, 'stop-color': stop.color, 'stop-opacity': stop.opacity }))
    .join('');
}

/** Linear gradient from (x1,y1) to (x2,y2) in bounding-box fractions. */
export function linearGradient(
  id: string,
  list: readonly Stop[],
  from = [0, 0],
  to = [1, 1],
  extra: Attrs = {},
): string {
  return el('linearGradient', { id, x1: from[0], y1: from[1], x2: to[0], y2: to[1], ...extra }, stops(list));
}

export function radialGradient(id: string, list: readonly Stop[], extra: Attrs = {}): string {
  return el('radialGradient', { id, ...extra }, stops(list));
}

/** Polyline path through the points, smoothed with Catmull-Rom splines turned into cubic Béziers. */
export function smoothPath(points: ReadonlyArray<readonly [number, number]>, tension = 0.5): string {
  if (points.length < 2) return '';
  const first = points[0] as readonly [number, number];
  let d = `M${n(first[0])} ${n(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)] as readonly [number, number];
    const p1 = points[i] as readonly [number, number];
    const p2 = points[i + 1] as readonly [number, number];
    const p3 = points[Math.min(points.length - 1, i + 2)] as readonly [number, number];
    const k = tension / 3;
    const c1 = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2 = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += ` C${n(c1[0] as number)} ${n(c1[1] as number)} ${n(c2[0] as number)} ${n(c2[1] as number)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}
