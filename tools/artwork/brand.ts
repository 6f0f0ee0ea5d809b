/**
 * The Angram mark and logos. The mark is a glass tile in the brand gradient carrying an open "A"
 * (a chevron, the shape of a roof or a peak) whose crossbar is a single coral node: software built
 * around one client. It reads at 16 px because it is only two strokes and a dot.
 */
import { PALETTE } from './palette.ts';
import { el, linearGradient, n, radialGradient, rect, svgDocument } from './svg.ts';
import type { Typesetter } from './typesetter.ts';

/** Geometry of the mark in its own 64-unit box. */
const MARK = {
  size: 64,
  radius: 18,
  apex: [32, 17.5],
  feetY: 45.5,
  halfSpan: 14.5,
  stroke: 7.6,
  node: [32, 37.2],
  nodeRadius: 4.6,
} as const;

export interface MarkOptions {
  /** Prefix for gradient ids, so two inlined SVGs on one page never share an id. */
  idPrefix: string;
  /** Square corners for icons the platform masks itself (apple-touch-icon). */
  fullBleed?: boolean;
}

/** The mark as SVG elements in a 64x64 coordinate box (no <svg> wrapper). */
export function markElements({ idPrefix, fullBleed = false }: MarkOptions): string {
  const id = (name: string): string => `${idPrefix}-${name}`;
  const radius = fullBleed ? 0 : MARK.radius;
  const { size, apex, feetY, halfSpan } = MARK;
  const defs = [
    linearGradient(
      id('tile'),
      [
        { offset: 0, color: PALETTE.indigoDark },
        { offset: 0.55, color: PALETTE.violet },
        { offset: 1, color: '#a855f7' },
      ],
      [0, 0],
      [1, 1],
    ),
    radialGradient(
      id('cyan'),
      [
        { offset: 0, color: PALETTE.cyan, opacity: 0.85 },
        { offset: 1, color: PALETTE.cyan, opacity: 0 },
      ],
      { cx: 0.08, cy: 0.98, r: 0.75 },
    ),
    linearGradient(
      id('sheen'),
      [
        { offset: 0, color: PALETTE.white, opacity: 0.34 },
        { offset: 0.22, color: PALETTE.white, opacity: 0.12 },
        { offset: 0.55, color: PALETTE.white, opacity: 0 },
      ],
      [0, 0],
      [0, 1],
    ),
    linearGradient(
      id('rim'),
      [
        { offset: 0, color: PALETTE.white, opacity: 0.55 },
        { offset: 0.45, color: PALETTE.white, opacity: 0.12 },
        { offset: 1, color: PALETTE.white, opacity: 0.22 },
      ],
      [0, 0],
      [0, 1],
    ),
    linearGradient(
      id('node'),
      [
        { offset: 0, color: '#fda4af' },
        { offset: 1, color: PALETTE.coral },
      ],
      [0, 0],
      [0, 1],
    ),
  ].join('');
  const chevron = `M${n(apex[0] - halfSpan)} ${n(feetY)}L${n(apex[0])} ${n(apex[1])}L${n(apex[0] + halfSpan)} ${n(feetY)}`;
  const inset = 0.75;
  return [
    `<defs>${defs}</defs>`,
    rect(0, 0, size, size, radius, { fill: `url(#${id('tile')})` }),
    rect(0, 0, size, size, radius, { fill: `url(#${id('cyan')})` }),
    // Glass sheen fading out over the upper half, and a rim that catches the light from above.
    rect(0, 0, size, size, radius, { fill: `url(#${id('sheen')})` }),
    fullBleed
      ? ''
      : rect(inset, inset, size - inset * 2, size - inset * 2, radius - inset, {
          fill: 'none',
          stroke: `url(#${id('rim')})`,
          'stroke-width': inset * 2,
        }),
    el('path', {
      d: chevron,
      fill: 'none',
      stroke: PALETTE.white,
      'stroke-width': MARK.stroke,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    el('circle', { cx: MARK.node[0], cy: MARK.node[1], r: MARK.nodeRadius, fill: `url(#${id('node')})` }),
  ].join('');
}

/** The mark alone, as a standalone SVG file. */
export function markSvg(idPrefix = 'ag-mark', pixelSize: number = MARK.size, fullBleed = false): string {
  return svgDocument(pixelSize, pixelSize, markElements({ idPrefix, fullBleed }), {
    viewBox: `0 0 ${MARK.size} ${MARK.size}`,
    role: 'img',
    'aria-label': 'Angram',
  });
}

export interface LogoOptions {
  idPrefix: string;
  /** A colour, or `currentColor` so CSS decides when the SVG is inlined. */
  wordmarkColor: string;
  /** Canvas width; the lockup is laid out from the left and must fit. */
  width: number;
}

/** Horizontal lockup: mark height 64, wordmark in Sora SemiBold centred on the mark's cap line. */
const LOCKUP = { gap: 18, wordSize: 44, weight: 600, tracking: -0.015 } as const;

export function wordmarkPath(
  type: Typesetter,
  x: number,
  baseline: number,
  size: number,
): { d: string; width: number } {
  return type.text('Angram', {
    family: 'sora',
    weight: LOCKUP.weight,
    size,
    x,
    y: baseline,
    tracking: LOCKUP.tracking,
  });
}

export function logoSvg(type: Typesetter, { idPrefix, wordmarkColor, width }: LogoOptions): string {
  const capHeight = type.capHeight('sora', LOCKUP.wordSize);
  const baseline = MARK.size / 2 + capHeight / 2;
  const word = wordmarkPath(type, MARK.size + LOCKUP.gap, baseline, LOCKUP.wordSize);
  const needed = MARK.size + LOCKUP.gap + word.width;
  if (needed > width) throw new Error(`Logo needs ${Math.ceil(needed)} px, canvas is ${width} px`);
  return svgDocument(
    width,
    MARK.size,
    `${markElements({ idPrefix })}${el('path', { d: word.d, fill: wordmarkColor })}`,
    {
      role: 'img',
      'aria-label': 'Angram',
    },
  );
}
