/**
 * Illustrated head-and-shoulders portraits for the team and the testimonials. They are deliberately
 * not likenesses: geometric shapes, no facial features, each person told apart by hair, skin tone,
 * clothing and background colour. Drawn in a 640-unit box and rendered at any size.
 */
import { PALETTE } from './palette.ts';
import { circle, el, linearGradient, radialGradient, svgDocument } from './svg.ts';

export type HairStyle = 'long' | 'short' | 'bun' | 'receding' | 'bob' | 'buzz';
export type Outfit = 'blouse' | 'blazer' | 'crew' | 'shirt';

export interface PortraitSpec {
  skin: string;
  /** Slightly darker skin tone for the neck and ears. */
  skinShade: string;
  hair: string;
  hairStyle: HairStyle;
  outfit: Outfit;
  clothing: string;
  /** Shirt or inner layer colour (blazer, shirt). */
  inner: string;
  background: readonly [string, string];
  glow: string;
  glasses?: boolean;
  beard?: 'full' | 'stubble';
}

const BOX = 640;
const HEAD = { cx: 320, cy: 270, rx: 86, ry: 106 } as const;

function backHair(spec: PortraitSpec): string {
  switch (spec.hairStyle) {
    case 'long':
      return el('path', {
        d: 'M214 262C204 150 262 124 322 124C386 124 440 152 428 262C424 340 438 420 458 478C400 508 240 508 182 478C204 420 218 340 214 262Z',
        fill: spec.hair,
      });
    case 'bob':
      return el('path', {
        d: 'M212 262C204 152 262 126 322 126C386 126 438 152 428 262C428 318 436 358 444 384C410 400 376 394 360 380L280 380C264 394 230 400 196 384C204 358 212 318 212 262Z',
        fill: spec.hair,
      });
    case 'bun':
      return (
        circle(320, 146, 52, { fill: spec.hair }) +
        circle(286, 132, 24, { fill: spec.hair }) +
        circle(356, 132, 24, { fill: spec.hair })
      );
    default:
      return '';
  }
}

function frontHair(spec: PortraitSpec): string {
  const hair = { fill: spec.hair };
  switch (spec.hairStyle) {
    case 'long':
      // Side part with a fringe swept to the right.
      return el('path', {
        d: 'M232 262C222 176 268 150 318 150C380 150 420 184 412 262C404 216 376 196 338 196C300 196 262 214 240 262Z',
        ...hair,
      });
    case 'bob':
      return el('path', {
        d: 'M230 264C222 180 262 152 320 152C382 152 422 182 414 250C380 236 330 214 300 186C284 214 256 236 230 264Z',
        ...hair,
      });
    case 'short':
      return el('path', {
        d: 'M232 250C222 172 268 142 320 142C378 142 420 172 410 248C404 222 388 206 362 200C318 192 272 200 252 222C242 232 236 240 232 250Z',
        ...hair,
      });
    case 'receding':
      return el('path', {
        d: 'M236 252C228 186 262 158 322 158C380 158 416 186 406 252C402 232 394 222 384 216C384 196 350 184 320 186C290 188 262 198 256 218C246 226 240 238 236 252Z',
        ...hair,
      });
    case 'buzz':
      return el('path', {
        d: 'M236 236C236 186 270 162 320 162C370 162 404 186 404 236C392 214 360 200 320 200C280 200 248 214 236 236Z',
        ...hair,
        'fill-opacity': 0.92,
      });
    case 'bun':
      // Curly hairline: a cap whose lower edge is a row of small arcs.
      return el('path', {
        d: 'M234 258C224 186 266 156 320 156C376 156 418 186 408 258C404 244 396 236 388 234C388 222 376 212 364 214C358 202 344 198 334 204C324 194 306 194 298 206C286 200 270 206 268 218C254 218 246 230 248 240C240 242 236 248 234 258Z',
        ...hair,
      });
  }
}

/** Shoulders start at this height; every neckline is drawn relative to it. */
const NECKLINE = 426;

function outfit(spec: PortraitSpec): string {
  const y = NECKLINE;
  const torso = `M92 640C96 ${y + 80} 170 ${y + 20} 262 ${y}L378 ${y}C470 ${y + 20} 544 ${y + 80} 548 640Z`;
  const base = el('path', { d: torso, fill: spec.clothing });
  // Lapels: the jacket's own colour with a faint light edge so they read on dark fabric.
  const lapel = {
    fill: spec.clothing,
    stroke: PALETTE.white,
    'stroke-opacity': 0.22,
    'stroke-width': 3,
    'stroke-linejoin': 'round',
  };
  switch (spec.outfit) {
    case 'blouse':
      return (
        base +
        el('path', { d: `M282 ${y - 2}L320 ${y + 58}L358 ${y - 2}Z`, fill: spec.skin }) +
        el('path', {
          d: `M264 ${y}L320 ${y + 74}L376 ${y}L392 ${y + 4}L320 ${y + 96}L248 ${y + 4}Z`,
          fill: spec.inner,
          'fill-opacity': 0.9,
        })
      );
    case 'crew':
      return (
        base +
        el('path', {
          d: `M272 ${y}C284 ${y + 26} 356 ${y + 26} 368 ${y}`,
          fill: 'none',
          stroke: spec.inner,
          'stroke-width': 14,
          'stroke-linecap': 'round',
        })
      );
    case 'shirt':
      return (
        base +
        el('path', { d: `M284 ${y - 2}L320 ${y + 46}L356 ${y - 2}Z`, fill: spec.skin }) +
        el('path', {
          d: `M278 ${y - 6}L320 ${y + 46}L292 ${y + 74}L258 ${y + 10}ZM362 ${y - 6}L320 ${y + 46}L348 ${y + 74}L382 ${y + 10}Z`,
          fill: spec.inner,
        }) +
        el('path', { d: `M320 ${y + 46}V640`, stroke: PALETTE.ink, 'stroke-opacity': 0.15, 'stroke-width': 3 })
      );
    case 'blazer':
      return (
        base +
        el('path', { d: `M266 ${y}L320 ${y + 124}L374 ${y}Z`, fill: spec.inner }) +
        el('path', { d: `M284 ${y - 2}L320 ${y + 48}L356 ${y - 2}Z`, fill: spec.skin }) +
        el('path', { d: `M264 ${y}L320 ${y + 128}L240 ${y + 84}L254 ${y + 50}L236 ${y + 34}Z`, ...lapel }) +
        el('path', { d: `M376 ${y}L320 ${y + 128}L400 ${y + 84}L386 ${y + 50}L404 ${y + 34}Z`, ...lapel }) +
        circle(320, y + 156, 6, { fill: PALETTE.white, 'fill-opacity': 0.3 })
      );
  }
}

/** Mixes a hex colour towards white by `amount` (0..1), for soft highlights. */
function lighten(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number): string => {
    const c = (value >> shift) & 255;
    return Math.round(c + (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function beard(spec: PortraitSpec): string {
  if (spec.beard === 'full') {
    return el('path', {
      d: 'M236 282C238 356 278 378 320 378C362 378 402 356 404 282C398 318 378 332 356 334C340 322 300 322 284 334C262 332 242 318 236 282Z',
      fill: spec.hair,
    });
  }
  if (spec.beard === 'stubble') {
    return el('path', {
      d: 'M238 290C242 356 280 376 320 376C360 376 398 356 402 290C394 330 372 346 350 348C336 340 304 340 290 348C268 346 246 330 238 290Z',
      fill: spec.hair,
      'fill-opacity': 0.55,
    });
  }
  return '';
}

export function portraitSvg(spec: PortraitSpec, pixelSize: number, idPrefix: string): string {
  const id = (name: string): string => `${idPrefix}-${name}`;
  const defs =
    linearGradient(id('bg'), [
      { offset: 0, color: spec.background[0] },
      { offset: 1, color: spec.background[1] },
    ]) +
    radialGradient(id('glow'), [
      { offset: 0, color: spec.glow, opacity: 0.75 },
      { offset: 0.6, color: spec.glow, opacity: 0.2 },
      { offset: 1, color: spec.glow, opacity: 0 },
    ]) +
    radialGradient(
      id('face'),
      [
        { offset: 0, color: lighten(spec.skin, 0.14) },
        { offset: 1, color: spec.skin },
      ],
      { cx: 0.4, cy: 0.38, r: 0.7 },
    );
  const { cx, cy, rx, ry } = HEAD;
  const body = [
    `<defs>${defs}</defs>`,
    el('rect', { width: BOX, height: BOX, fill: `url(#${id('bg')})` }),
    circle(320, 290, 300, { fill: `url(#${id('glow')})` }),
    circle(320, 300, 236, { fill: 'none', stroke: PALETTE.white, 'stroke-opacity': 0.14, 'stroke-width': 2 }),
    backHair(spec),
    // Neck, with the chin's shadow.
    el('path', {
      d: `M284 340V${NECKLINE + 8}C302 ${NECKLINE + 24} 338 ${NECKLINE + 24} 356 ${NECKLINE + 8}V340Z`,
      fill: spec.skinShade,
    }),
    outfit(spec),
    el('ellipse', { cx: cx - rx + 2, cy: cy + 14, rx: 16, ry: 24, fill: spec.skinShade }),
    el('ellipse', { cx: cx + rx - 2, cy: cy + 14, rx: 16, ry: 24, fill: spec.skinShade }),
    el('ellipse', { cx, cy, rx, ry, fill: `url(#${id('face')})` }),
    beard(spec),
    frontHair(spec),
    spec.glasses
      ? el('path', {
          d: 'M258 262h44a6 6 0 0 1 6 6v14a16 16 0 0 1-16 16h-24a16 16 0 0 1-16-16v-14a6 6 0 0 1 6-6zM338 262h44a6 6 0 0 1 6 6v14a16 16 0 0 1-16 16h-24a16 16 0 0 1-16-16v-14a6 6 0 0 1 6-6zM308 272q12-8 24 0',
          fill: PALETTE.white,
          'fill-opacity': 0.14,
          stroke: PALETTE.ink,
          'stroke-width': 6,
          'stroke-linejoin': 'round',
        })
      : '',
  ].join('');
  return svgDocument(pixelSize, pixelSize, body, { viewBox: `0 0 ${BOX} ${BOX}` });
}

/**
 * Team members (640x640) and testimonial authors (256x256), by the slug their content file uses. A person
 * without a portrait here keeps the image their editor put beside their file.
 */
export const TEAM_PORTRAITS: Readonly<Record<string, PortraitSpec>> = {
  'daniela-ortega': {
    skin: '#e5b08a',
    skinShade: '#cf9670',
    hair: '#3b2219',
    hairStyle: 'long',
    outfit: 'blouse',
    clothing: PALETTE.coral,
    inner: '#fecdd3',
    background: ['#1e1b4b', '#312e81'],
    glow: PALETTE.violet,
  },
  'rodrigo-salinas': {
    skin: '#c68a5e',
    skinShade: '#a9704a',
    hair: '#17120f',
    hairStyle: 'short',
    outfit: 'blazer',
    clothing: '#1e293b',
    inner: '#67e8f9',
    background: ['#0b1020', '#164e63'],
    glow: PALETTE.cyan,
    beard: 'stubble',
  },
  'mariana-cruz': {
    skin: '#8d5a3b',
    skinShade: '#744629',
    hair: '#1c120d',
    hairStyle: 'bun',
    outfit: 'crew',
    clothing: PALETTE.violet,
    inner: '#c4b5fd',
    background: ['#2e1065', '#1e1b4b'],
    glow: PALETTE.coral,
    glasses: true,
  },
};

export const TESTIMONIAL_PORTRAITS: Readonly<Record<string, PortraitSpec>> = {
  'luis-trevino': {
    skin: '#f0c7a0',
    skinShade: '#d9a77e',
    hair: '#9ca3af',
    hairStyle: 'receding',
    outfit: 'blazer',
    clothing: '#312e81',
    inner: PALETTE.white,
    background: ['#0b1020', '#1e3a8a'],
    glow: PALETTE.indigo,
    glasses: true,
  },
  'andrea-villasenor': {
    skin: '#dba27a',
    skinShade: '#c4875f',
    hair: '#7c2d12',
    hairStyle: 'bob',
    outfit: 'shirt',
    clothing: PALETTE.emerald,
    inner: '#d1fae5',
    background: ['#022c22', '#1e1b4b'],
    glow: PALETTE.emerald,
  },
  'jorge-castaneda': {
    skin: '#a86b45',
    skinShade: '#8f5533',
    hair: '#201510',
    hairStyle: 'buzz',
    outfit: 'crew',
    clothing: PALETTE.amber,
    inner: '#fde68a',
    background: ['#1e1b4b', '#7c2d12'],
    glow: PALETTE.coral,
    beard: 'full',
  },
};
