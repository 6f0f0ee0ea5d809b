/**
 * Open Graph cards (1200x630): the brand lockup, a headline set in the site's fonts (as paths) and a
 * glass composition of interface panels on the right.
 */
import { SITE } from '../../core/site.ts';
import { markElements, wordmarkPath } from './brand.ts';
import { PALETTE } from './palette.ts';
import { createScene, paintBackdrop, type Scene } from './scene.ts';
import { circle, el, linearGradient, n, rect } from './svg.ts';
import type { Typesetter } from './typesetter.ts';
import { GLYPHS, areaChart, avatar, bar, gridLines, iconTile, ring, textLines } from './ui.ts';

export const OG_SIZE = { width: 1200, height: 630 } as const;

const LEFT = 80;

/** Host name shown on the cards, from the canonical URL (no scheme, no "www."). */
export function displayHost(url: string = SITE.defaultUrl): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

function lockup(scene: Scene, type: Typesetter, x: number, y: number, markSize: number): void {
  const scale = markSize / 64;
  scene.add(
    el(
      'g',
      { transform: `translate(${n(x)} ${n(y)}) scale(${n(scale)})` },
      markElements({ idPrefix: scene.id('og-mark') }),
    ),
  );
  const wordSize = markSize * 0.62;
  const baseline = y + markSize / 2 + type.capHeight('sora', wordSize) / 2;
  const word = wordmarkPath(type, x + markSize + markSize * 0.28, baseline, wordSize);
  scene.add(el('path', { d: word.d, fill: PALETTE.white }));
}

/** Headline lines in Sora; the last line carries the brand gradient. */
function headline(
  scene: Scene,
  type: Typesetter,
  lines: readonly string[],
  x: number,
  firstBaseline: number,
  size: number,
  leading: number,
): void {
  const gradient = scene.id('headline');
  scene.def(
    linearGradient(
      gradient,
      [
        { offset: 0, color: '#67e8f9' },
        { offset: 0.5, color: '#a5b4fc' },
        { offset: 1, color: '#f0abfc' },
      ],
      [0, 0],
      [1, 0],
    ),
  );
  lines.forEach((line, index) => {
    const run = type.text(line, {
      family: 'sora',
      weight: 600,
      size,
      x,
      y: firstBaseline + index * leading,
      tracking: -0.02,
    });
    const last = index === lines.length - 1;
    scene.add(el('path', { d: run.d, fill: last ? `url(#${gradient})` : PALETTE.white }));
  });
}

/** Footer: the site's host name and city, separated by a dot. */
function footer(scene: Scene, type: Typesetter, y: number, path = ''): void {
  const host = type.text(displayHost() + path, { family: 'inter', weight: 600, size: 24, x: LEFT, y });
  scene.add(el('path', { d: host.d, fill: PALETTE.white, 'fill-opacity': 0.9 }));
  const dotX = LEFT + host.width + 18;
  scene.add(circle(dotX, y - 8.5, 3.5, { fill: PALETTE.coral }));
  const city = type.text(SITE.city, { family: 'inter', weight: 500, size: 24, x: dotX + 18, y });
  scene.add(el('path', { d: city.d, fill: PALETTE.slate }));
}

export function defaultOgSvg(type: Typesetter): string {
  const scene = createScene(OG_SIZE.width, OG_SIZE.height);
  paintBackdrop(scene, {
    lights: [
      { x: 0.86, y: 0.12, r: 0.5, color: PALETTE.indigo, opacity: 0.6 },
      { x: 1.02, y: 0.78, r: 0.42, color: PALETTE.violet, opacity: 0.55 },
      { x: 0.56, y: 1.05, r: 0.28, color: PALETTE.coral, opacity: 0.28 },
      { x: 0.02, y: 1.02, r: 0.34, color: PALETTE.cyan, opacity: 0.3 },
    ],
    grid: 48,
  });

  // Dashboard window, partly off the right edge.
  const dx = 744;
  const dy = 92;
  scene.glass({
    x: dx,
    y: dy,
    width: 520,
    height: 330,
    radius: 26,
    content:
      [PALETTE.coral, PALETTE.amber, PALETTE.emerald]
        .map((color, i) => circle(dx + 30 + i * 20, dy + 28, 6, { fill: color }))
        .join('') +
      textLines(dx + 30, dy + 64, [150, 96], 10, 20) +
      rect(dx + 330, dy + 60, 80, 32, 16, { fill: PALETTE.emerald, 'fill-opacity': 0.18 }) +
      el('path', {
        d: `M${dx + 348} ${dy + 82}l6-7 5 4 7-8`,
        fill: 'none',
        stroke: PALETTE.emerald,
        'stroke-width': 3,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }) +
      bar(dx + 374, dy + 72, 24, 8, PALETTE.emerald, 0.9) +
      gridLines(dx + 30, dy + 130, 380, 170, 3) +
      areaChart(scene, dx + 30, dy + 130, 380, 170, [0.16, 0.3, 0.22, 0.46, 0.38, 0.6, 0.54, 0.82], PALETTE.cyan, 4),
  });

  // Progress card overlapping the window's lower left corner.
  const cx = 700;
  const cy = 352;
  scene.glass({
    x: cx,
    y: cy,
    width: 260,
    height: 168,
    radius: 24,
    tintOpacity: 0.1,
    content: ring(cx + 66, cy + 84, 38, 11, 0.78, PALETTE.coral) + textLines(cx + 124, cy + 58, [104, 70, 88], 9, 22),
  });

  // Team chip: who is working on it, floating above the window.
  const tx = 1010;
  const ty = 468;
  scene.glass({
    x: tx,
    y: ty,
    width: 170,
    height: 64,
    radius: 32,
    tintOpacity: 0.12,
    content:
      avatar(tx + 34, ty + 32, 18, PALETTE.cyan, PALETTE.indigoDeep) +
      avatar(tx + 62, ty + 32, 18, PALETTE.coral, PALETTE.indigoDeep) +
      iconTile(tx + 96, ty + 14, 36, PALETTE.emerald, GLYPHS.check, PALETTE.night),
  });

  lockup(scene, type, LEFT, 72, 64);
  headline(scene, type, ['Desarrollo de software', 'a la medida en México'], LEFT, 300, 52, 70);
  const sub = type.text('Aplicaciones web, móviles e integraciones', {
    family: 'inter',
    weight: 400,
    size: 26,
    x: LEFT,
    y: 438,
  });
  scene.add(el('path', { d: sub.d, fill: PALETTE.white, 'fill-opacity': 0.72 }));
  footer(scene, type, 556);
  return scene.svg();
}

/** Syntax-coloured lines of the wiki card's code block: indent, length, colour. */
const CODE_LINES: ReadonlyArray<readonly [number, number, string]> = [
  [24, 60, PALETTE.violet],
  [24, 120, PALETTE.cyan],
  [48, 90, PALETTE.coral],
  [48, 150, PALETTE.white],
  [24, 40, PALETTE.violet],
];

export function wikiOgSvg(type: Typesetter): string {
  const scene = createScene(OG_SIZE.width, OG_SIZE.height);
  paintBackdrop(scene, {
    lights: [
      { x: 0.9, y: 0.05, r: 0.48, color: PALETTE.cyan, opacity: 0.38 },
      { x: 0.95, y: 0.85, r: 0.45, color: PALETTE.indigo, opacity: 0.6 },
      { x: 0.45, y: 1.08, r: 0.3, color: PALETTE.violet, opacity: 0.4 },
      { x: 0.0, y: 0.0, r: 0.3, color: PALETTE.violet, opacity: 0.25 },
    ],
    grid: 48,
  });

  // A documentation page: sidebar, heading, paragraphs and a code block.
  const px = 724;
  const py = 84;
  const sidebar =
    textLines(px + 28, py + 66, [92, 70, 84, 62], 8, 24, { opacity: 0.35 }) +
    rect(px + 20, py + 178, 120, 30, 10, { fill: PALETTE.cyan, 'fill-opacity': 0.16 }) +
    bar(px + 30, py + 189, 80, 8, PALETTE.cyan, 0.9) +
    textLines(px + 28, py + 234, [78, 96, 66], 8, 24, { opacity: 0.35 });
  const code =
    rect(px + 168, py + 248, 330, 140, 16, { fill: PALETTE.night, 'fill-opacity': 0.65 }) +
    CODE_LINES.map(([indent, width, color], i) =>
      bar(px + 168 + indent, py + 274 + i * 21, width, 8, color, color === PALETTE.white ? 0.45 : 0.9),
    ).join('');
  scene.glass({
    x: px,
    y: py,
    width: 540,
    height: 420,
    radius: 26,
    content:
      [PALETTE.coral, PALETTE.amber, PALETTE.emerald]
        .map((color, i) => circle(px + 30 + i * 20, py + 30, 6, { fill: color }))
        .join('') +
      el('path', { d: `M${px + 156} ${py + 56}V${py + 400}`, stroke: PALETTE.white, 'stroke-opacity': 0.1 }) +
      sidebar +
      bar(px + 180, py + 70, 210, 16, PALETTE.white, 0.9) +
      textLines(px + 180, py + 112, [300, 280, 310, 190], 8, 22, { opacity: 0.4 }) +
      code,
  });

  // Table of contents chip and a search field floating in front.
  const sx = 660;
  const sy = 430;
  scene.glass({
    x: sx,
    y: sy,
    width: 290,
    height: 64,
    radius: 32,
    tintOpacity: 0.12,
    content:
      el('circle', { cx: sx + 34, cy: sy + 30, r: 9, fill: 'none', stroke: PALETTE.white, 'stroke-width': 3 }) +
      el('path', {
        d: `M${sx + 41} ${sy + 37}l7 7`,
        stroke: PALETTE.white,
        'stroke-width': 3,
        'stroke-linecap': 'round',
      }) +
      bar(sx + 64, sy + 28, 130, 9, PALETTE.white, 0.45) +
      rect(sx + 222, sy + 18, 48, 28, 9, { fill: PALETTE.white, 'fill-opacity': 0.12 }) +
      bar(sx + 234, sy + 28, 24, 8, PALETTE.white, 0.6),
  });
  scene.glass({
    x: 1040,
    y: 40,
    width: 128,
    height: 60,
    radius: 20,
    tintOpacity: 0.12,
    content: iconTile(1054, 52, 36, PALETTE.cyan, GLYPHS.book, PALETTE.night) + textLines(1100, 60, [52, 36], 7, 16),
  });

  lockup(scene, type, LEFT, 72, 64);
  const title = type.text('Wiki Angram', { family: 'sora', weight: 600, size: 66, x: LEFT, y: 282, tracking: -0.02 });
  scene.add(el('path', { d: title.d, fill: PALETTE.white }));
  headline(scene, type, ['Documentación técnica'], LEFT, 352, 46, 0);
  const sub = type.text('Arquitectura, formularios, API y despliegue', {
    family: 'inter',
    weight: 400,
    size: 26,
    x: LEFT,
    y: 426,
  });
  scene.add(el('path', { d: sub.d, fill: PALETTE.white, 'fill-opacity': 0.72 }));
  footer(scene, type, 556, '/wikiangram');
  return scene.svg();
}
