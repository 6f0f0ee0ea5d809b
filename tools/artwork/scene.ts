/**
 * A scene is an SVG built back to front. Its one trick is real frosted glass: a glass panel shows a
 * blurred copy of everything drawn before it (the backdrop), clipped to the panel, then a translucent
 * tint, a light rim and its own content. librsvg has no backdrop-filter, so the backdrop is the scene so
 * far, wrapped in a group and re-used through a blur filter limited to the panel's box.
 */
import { PALETTE } from './palette.ts';
import { el, linearGradient, n, radialGradient, svgDocument } from './svg.ts';

export interface GlassOptions {
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
  /** Backdrop blur, in px. */
  blur?: number;
  /** Tint laid over the blurred backdrop. */
  tint?: string;
  tintOpacity?: number;
  /** Opacity of the light rim at the top edge. */
  rim?: number;
  /** Soft shadow below the panel, 0 for none. */
  shadow?: number;
  /** Markup drawn on top of the glass, in scene coordinates. */
  content?: string;
}

export interface Scene {
  readonly width: number;
  readonly height: number;
  /** A fresh id, unique within this scene. */
  id(name: string): string;
  def(markup: string): void;
  add(markup: string): void;
  glass(options: GlassOptions): void;
  svg(): string;
}

export function createScene(width: number, height: number): Scene {
  const defs: string[] = [];
  let body = '';
  let counter = 0;

  const id = (name: string): string => `${name}${++counter}`;

  function glass(options: GlassOptions): void {
    const { x, y, width: w, height: h, radius } = options;
    const blur = options.blur ?? 24;
    const shadow = options.shadow ?? 0.45;
    const layer = id('layer');
    const clip = id('clip');
    const frost = id('frost');
    const rim = id('rim');
    const sheen = id('sheen');

    if (shadow > 0) {
      // The shadow is masked out of the panel itself so the glass does not turn grey.
      const mask = id('mask');
      const soft = id('soft');
      const pad = 90;
      defs.push(
        el(
          'mask',
          { id: mask, maskUnits: 'userSpaceOnUse', x: x - pad, y: y - pad, width: w + pad * 2, height: h + pad * 2 },
          el('rect', { x: x - pad, y: y - pad, width: w + pad * 2, height: h + pad * 2, fill: '#fff' }) +
            el('rect', { x, y, width: w, height: h, rx: radius, fill: '#000' }),
        ),
        el(
          'filter',
          { id: soft, filterUnits: 'userSpaceOnUse', x: x - pad, y: y - pad, width: w + pad * 2, height: h + pad * 2 },
          el('feGaussianBlur', { stdDeviation: 26 }),
        ),
      );
      body += el(
        'g',
        { mask: `url(#${mask})` },
        el('rect', {
          x: x + 6,
          y: y + 26,
          width: w - 12,
          height: h - 10,
          rx: radius,
          fill: '#03050f',
          'fill-opacity': shadow,
          filter: `url(#${soft})`,
        }),
      );
    }

    body = el('g', { id: layer }, body);
    defs.push(
      el('clipPath', { id: clip }, el('rect', { x, y, width: w, height: h, rx: radius })),
      el(
        'filter',
        {
          id: frost,
          filterUnits: 'userSpaceOnUse',
          x: x - blur * 3,
          y: y - blur * 3,
          width: w + blur * 6,
          height: h + blur * 6,
          'color-interpolation-filters': 'sRGB',
        },
        el('feGaussianBlur', { stdDeviation: blur }),
      ),
      linearGradient(
        rim,
        [
          { offset: 0, color: PALETTE.white, opacity: options.rim ?? 0.5 },
          { offset: 0.35, color: PALETTE.white, opacity: 0.12 },
          { offset: 1, color: PALETTE.white, opacity: 0.06 },
        ],
        [0, 0],
        [0.3, 1],
      ),
      radialGradient(
        sheen,
        [
          { offset: 0, color: PALETTE.white, opacity: 0.1 },
          { offset: 1, color: PALETTE.white, opacity: 0 },
        ],
        { cx: 0.2, cy: 0, r: 0.9, gradientTransform: 'scale(1 0.8)' },
      ),
    );
    body += el('g', { 'clip-path': `url(#${clip})` }, el('use', { href: `#${layer}`, filter: `url(#${frost})` }));
    body += el('rect', {
      x,
      y,
      width: w,
      height: h,
      rx: radius,
      fill: options.tint ?? PALETTE.white,
      'fill-opacity': options.tintOpacity ?? 0.07,
    });
    body += el('rect', { x, y, width: w, height: h, rx: radius, fill: `url(#${sheen})` });
    body += el('rect', {
      x: x + 0.75,
      y: y + 0.75,
      width: w - 1.5,
      height: h - 1.5,
      rx: Math.max(0, radius - 0.75),
      fill: 'none',
      stroke: `url(#${rim})`,
      'stroke-width': 1.5,
    });
    body += options.content ?? '';
  }

  return {
    width,
    height,
    id,
    def: (markup) => {
      defs.push(markup);
    },
    add: (markup) => {
      body += markup;
    },
    glass,
    svg: () => svgDocument(width, height, `<defs>${defs.join('')}</defs>${body}`),
  };
}

export interface BackdropOptions {
  /** Base gradient, top-left to bottom-right. */
  from?: string;
  to?: string;
  /** Coloured light sources: position and radius as fractions of the scene size. */
  lights: ReadonlyArray<{ x: number; y: number; r: number; color: string; opacity: number }>;
  /** Faint grid spacing in px, 0 for none. */
  grid?: number;
}

/** Deep navy background, coloured glows and a faint grid that fades towards the edges. */
export function paintBackdrop(scene: Scene, options: BackdropOptions): void {
  const base = scene.id('base');
  scene.def(
    linearGradient(base, [
      { offset: 0, color: options.from ?? PALETTE.night },
      { offset: 1, color: options.to ?? PALETTE.indigoDeep },
    ]),
  );
  scene.add(el('rect', { width: scene.width, height: scene.height, fill: `url(#${base})` }));
  const size = Math.max(scene.width, scene.height);
  for (const light of options.lights) {
    const glowId = scene.id('light');
    scene.def(
      radialGradient(glowId, [
        { offset: 0, color: light.color, opacity: light.opacity },
        { offset: 0.4, color: light.color, opacity: light.opacity * 0.5 },
        { offset: 0.7, color: light.color, opacity: light.opacity * 0.15 },
        { offset: 1, color: light.color, opacity: 0 },
      ]),
    );
    scene.add(
      el('circle', {
        cx: light.x * scene.width,
        cy: light.y * scene.height,
        r: light.r * size,
        fill: `url(#${glowId})`,
      }),
    );
  }
  const grid = options.grid ?? 0;
  if (grid > 0) {
    const pattern = scene.id('grid');
    const fade = scene.id('fade');
    const mask = scene.id('gridmask');
    scene.def(
      el(
        'pattern',
        { id: pattern, width: grid, height: grid, patternUnits: 'userSpaceOnUse' },
        el('path', {
          d: `M${n(grid)} 0H0V${n(grid)}`,
          fill: 'none',
          stroke: PALETTE.white,
          'stroke-opacity': 0.055,
          'stroke-width': 1,
        }),
      ) +
        radialGradient(
          fade,
          [
            { offset: 0, color: '#fff', opacity: 1 },
            { offset: 1, color: '#fff', opacity: 0 },
          ],
          { cx: 0.5, cy: 0.45, r: 0.65 },
        ) +
        el('mask', { id: mask }, el('rect', { width: scene.width, height: scene.height, fill: `url(#${fade})` })),
    );
    scene.add(
      el('rect', { width: scene.width, height: scene.height, fill: `url(#${pattern})`, mask: `url(#${mask})` }),
    );
  }
}
