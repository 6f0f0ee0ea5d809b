/**
 * logistics-platform: a live route map with stops and the truck's position, the shipment timeline
 * beside it and a floating delivery-progress card. Accent: sky blue and amber.
 */
import { PALETTE } from '../palette.ts';
import { circle, el, n, rect, smoothPath } from '../svg.ts';
import { GLYPHS, bar, iconTile } from '../ui.ts';
import { browserWindow, coverScene } from './frame.ts';

type Point = readonly [number, number];

/** Route through the map box, as fractions of its size. */
const ROUTE: readonly Point[] = [
  [0.4, 0.82],
  [0.47, 0.66],
  [0.56, 0.6],
  [0.62, 0.46],
  [0.74, 0.4],
  [0.8, 0.24],
  [0.92, 0.16],
];
/** Index in ROUTE where the truck is now. */
const TRUCK_AT = 3;

export function logisticsCover(): string {
  const scene = coverScene([
    { x: 0.1, y: 0.08, r: 0.42, color: PALETTE.sky, opacity: 0.3 },
    { x: 0.88, y: 0.1, r: 0.5, color: PALETTE.indigo, opacity: 0.5 },
    { x: 0.98, y: 0.95, r: 0.34, color: PALETTE.violet, opacity: 0.4 },
    { x: 0.45, y: 1.06, r: 0.4, color: PALETTE.cyan, opacity: 0.22 },
  ]);

  browserWindow(scene, { x: 80, y: 100, width: 1250, height: 800 }, 'dark', (s) => {
    const map = { x: s.x, y: s.y, width: s.width, height: s.height };
    const at = ([fx, fy]: Point): Point => [map.x + fx * map.width, map.y + fy * map.height];
    const clip = scene.id('map');
    scene.def(el('clipPath', { id: clip }, rect(map.x, map.y, map.width, map.height, 18)));
    let geo = rect(map.x, map.y, map.width, map.height, 0, { fill: '#0f1838' });
    // River and parks.
    geo += el('path', {
      d: smoothPath([at([0.28, -0.05]), at([0.36, 0.2]), at([0.3, 0.45]), at([0.42, 0.7]), at([0.34, 1.05])]),
      fill: 'none',
      stroke: PALETTE.sky,
      'stroke-opacity': 0.14,
      'stroke-width': 46,
      'stroke-linecap': 'round',
    });
    for (const [fx, fy, rx, ry] of [
      [0.6, 0.2, 70, 44],
      [0.86, 0.62, 90, 56],
      [0.52, 0.88, 60, 40],
    ] as const) {
      const [cx, cy] = at([fx, fy]);
      geo += el('ellipse', { cx, cy, rx, ry, fill: PALETTE.emerald, 'fill-opacity': 0.1 });
    }
    // Street grid: minor streets, then avenues.
    for (let i = 0; i < 14; i++) {
      const x = map.x + 40 + i * 92;
      geo += el('path', {
        d: `M${n(x)} ${map.y}L${n(x + 60)} ${map.y + map.height}`,
        stroke: PALETTE.white,
        'stroke-opacity': 0.05,
        'stroke-width': 4,
      });
    }
    for (let i = 0; i < 9; i++) {
      const y = map.y + 30 + i * 86;
      geo += el('path', {
        d: `M${map.x} ${n(y + 30)}L${map.x + map.width} ${n(y - 30)}`,
        stroke: PALETTE.white,
        'stroke-opacity': 0.05,
        'stroke-width': 4,
      });
    }
    geo += el('path', {
      d: smoothPath([at([0.25, 1]), at([0.5, 0.55]), at([1, 0.5])]),
      fill: 'none',
      stroke: PALETTE.white,
      'stroke-opacity': 0.09,
      'stroke-width': 14,
    });
    geo += el('path', {
      d: smoothPath([at([0.45, 0]), at([0.7, 0.5]), at([0.75, 1])]),
      fill: 'none',
      stroke: PALETTE.white,
      'stroke-opacity': 0.09,
      'stroke-width': 14,
    });

    // Route: travelled part solid amber over a glow, the rest dashed.
    const points = ROUTE.map(at);
    const done = points.slice(0, TRUCK_AT + 1);
    const ahead = points.slice(TRUCK_AT);
    geo += el('path', {
      d: smoothPath(points),
      fill: 'none',
      stroke: PALETTE.sky,
      'stroke-opacity': 0.16,
      'stroke-width': 22,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    geo += el('path', {
      d: smoothPath(ahead),
      fill: 'none',
      stroke: PALETTE.white,
      'stroke-opacity': 0.7,
      'stroke-width': 5,
      'stroke-dasharray': '2 14',
      'stroke-linecap': 'round',
    });
    geo += el('path', {
      d: smoothPath(done),
      fill: 'none',
      stroke: PALETTE.amber,
      'stroke-width': 7,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    points.forEach(([x, y], index) => {
      if (index === 0) geo += circle(x, y, 14, { fill: PALETTE.emerald, stroke: PALETTE.night, 'stroke-width': 5 });
      else if (index === points.length - 1) return;
      else if (index !== TRUCK_AT)
        geo += circle(x, y, 9, {
          fill: PALETTE.night,
          stroke: index < TRUCK_AT ? PALETTE.amber : PALETTE.white,
          'stroke-width': 4,
        });
    });
    // Destination pin.
    const [px, py] = points[points.length - 1] ?? at([0.9, 0.2]);
    geo += el('ellipse', { cx: px, cy: py + 4, rx: 16, ry: 6, fill: PALETTE.night, 'fill-opacity': 0.5 });
    geo += el('path', {
      d: `M${n(px)} ${n(py + 2)}c-14-16-24-26-24-40a24 24 0 0 1 48 0c0 14-10 24-24 40z`,
      fill: PALETTE.coral,
    });
    geo += circle(px, py - 38, 9, { fill: PALETTE.white });
    // Truck with pulse rings.
    const [tx, ty] = points[TRUCK_AT] ?? at([0.6, 0.5]);
    geo +=
      circle(tx, ty, 60, { fill: PALETTE.amber, 'fill-opacity': 0.08 }) +
      circle(tx, ty, 40, { fill: PALETTE.amber, 'fill-opacity': 0.16 });
    geo += circle(tx, ty, 26, { fill: PALETTE.amber, stroke: PALETTE.white, 'stroke-width': 4 });
    geo += el('path', {
      d: GLYPHS.truck,
      transform: `translate(${n(tx)} ${n(ty)}) scale(1.05)`,
      fill: 'none',
      stroke: PALETTE.night,
      'stroke-width': 2.6,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    let out = el('g', { 'clip-path': `url(#${clip})` }, geo);

    // Shipment timeline panel.
    const tx0 = map.x + 24;
    const ty0 = map.y + 24;
    const tw = 350;
    const th = map.height - 48;
    out += rect(tx0, ty0, tw, th, 20, {
      fill: '#0b1020',
      'fill-opacity': 0.88,
      stroke: PALETTE.white,
      'stroke-opacity': 0.1,
    });
    out += iconTile(tx0 + 24, ty0 + 24, 44, PALETTE.sky, GLYPHS.box, PALETTE.night);
    out += bar(tx0 + 82, ty0 + 30, 130, 12, PALETTE.white, 0.92) + bar(tx0 + 82, ty0 + 52, 90, 8, PALETTE.white, 0.4);
    out +=
      rect(tx0 + tw - 98, ty0 + 32, 74, 28, 14, { fill: PALETTE.amber, 'fill-opacity': 0.18 }) +
      bar(tx0 + tw - 84, ty0 + 42, 46, 8, PALETTE.amber, 1);
    out +=
      rect(tx0 + 24, ty0 + 96, tw - 48, 8, 4, { fill: PALETTE.white, 'fill-opacity': 0.1 }) +
      rect(tx0 + 24, ty0 + 96, (tw - 48) * 0.62, 8, 4, { fill: PALETTE.amber });
    const steps = ['done', 'done', 'done', 'current', 'next', 'next'] as const;
    const stepGap = (th - 180) / (steps.length - 0.4);
    steps.forEach((state, index) => {
      const cy = ty0 + 150 + index * stepGap;
      const cxs = tx0 + 40;
      if (index < steps.length - 1) {
        out += el('path', {
          d: `M${cxs} ${n(cy + 16)}V${n(cy + stepGap - 16)}`,
          stroke: state === 'done' ? PALETTE.emerald : PALETTE.white,
          'stroke-opacity': state === 'done' ? 0.8 : 0.25,
          'stroke-width': 3,
          'stroke-dasharray': state === 'done' ? undefined : '4 6',
        });
      }
      if (state === 'done') {
        out += circle(cxs, cy, 14, { fill: PALETTE.emerald });
        out += el('path', {
          d: `M${cxs - 6} ${n(cy)}l4 4 8-8`,
          fill: 'none',
          stroke: PALETTE.night,
          'stroke-width': 2.6,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        });
      } else if (state === 'current') {
        out +=
          circle(cxs, cy, 20, { fill: PALETTE.amber, 'fill-opacity': 0.2 }) +
          circle(cxs, cy, 11, { fill: PALETTE.amber });
      } else {
        out += circle(cxs, cy, 11, { fill: 'none', stroke: PALETTE.white, 'stroke-opacity': 0.35, 'stroke-width': 3 });
      }
      const strong = state === 'next' ? 0.4 : 0.88;
      out += bar(tx0 + 72, cy - 14, 120 + ((index * 29) % 50), 10, PALETTE.white, strong);
      out += bar(tx0 + 72, cy + 4, 80, 7, PALETTE.white, 0.3);
      out += bar(
        tx0 + tw - 70,
        cy - 9,
        46,
        8,
        state === 'current' ? PALETTE.amber : PALETTE.white,
        state === 'current' ? 1 : 0.3,
      );
    });
    return out;
  });

  // Delivery progress card.
  const gx = 1180;
  const gy = 610;
  const gw = 370;
  scene.glass({
    x: gx,
    y: gy,
    width: gw,
    height: 230,
    radius: 28,
    tint: PALETTE.indigoDeep,
    tintOpacity: 0.4,
    shadow: 0.6,
    content:
      iconTile(gx + 24, gy + 24, 48, PALETTE.amber, GLYPHS.truck, PALETTE.night) +
      bar(gx + 90, gy + 32, 150, 11, PALETTE.white, 0.92) +
      bar(gx + 90, gy + 54, 100, 8, PALETTE.white, 0.45) +
      bar(gx + 24, gy + 104, 120, 20, PALETTE.white, 0.95) +
      bar(gx + gw - 110, gy + 110, 86, 9, PALETTE.amber, 1) +
      rect(gx + 24, gy + 146, gw - 48, 10, 5, { fill: PALETTE.white, 'fill-opacity': 0.12 }) +
      rect(gx + 24, gy + 146, (gw - 48) * 0.64, 10, 5, { fill: PALETTE.amber }) +
      [0, 1, 2]
        .map(
          (i) =>
            bar(gx + 24 + i * 112, gy + 184, 70, 8, PALETTE.white, 0.4) +
            bar(gx + 24 + i * 112, gy + 200, 48, 8, PALETTE.white, 0.8),
        )
        .join(''),
  });
  scene.glass({
    x: 1250,
    y: 150,
    width: 270,
    height: 92,
    radius: 24,
    tint: PALETTE.indigoDeep,
    tintOpacity: 0.4,
    shadow: 0.5,
    content:
      iconTile(1272, 172, 48, PALETTE.emerald, GLYPHS.check, PALETTE.night) +
      bar(1338, 182, 130, 11, PALETTE.white, 0.92) +
      bar(1338, 204, 84, 8, PALETTE.white, 0.45),
  });
  return scene.svg();
}
