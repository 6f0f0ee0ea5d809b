/**
 * Widgets shared by several covers: navigation rail, stat card, list row, chip.
 */
import { PALETTE } from '../palette.ts';
import { circle, el, linearGradient, rect } from '../svg.ts';
import type { Scene } from '../scene.ts';
import { GLYPHS, bar, iconTile } from '../ui.ts';
import type { Surface } from './frame.ts';

export type Glyph = keyof typeof GLYPHS;

/** A card surface inside a screen. */
export function card(x: number, y: number, width: number, height: number, surface: Surface, radius = 16): string {
  return surface === 'dark'
    ? rect(x, y, width, height, radius, {
        fill: PALETTE.white,
        'fill-opacity': 0.045,
        stroke: PALETTE.white,
        'stroke-opacity': 0.08,
      })
    : rect(x, y, width, height, radius, { fill: PALETTE.white, stroke: PALETTE.ink, 'stroke-opacity': 0.07 });
}

/** Vertical icon rail on the left of an app screen; `active` is the highlighted row. */
export function navRail(
  x: number,
  y: number,
  height: number,
  accent: string,
  glyphs: readonly Glyph[],
  active: number,
  surface: Surface,
): string {
  const ink = surface === 'dark' ? PALETTE.white : PALETTE.ink;
  let out = rect(x, y, 84, height, 0, { fill: ink, 'fill-opacity': surface === 'dark' ? 0.03 : 0.035 });
  out += iconTile(x + 20, y + 24, 44, accent, GLYPHS.layers, PALETTE.night);
  glyphs.forEach((glyph, index) => {
    const ty = y + 104 + index * 60;
    if (index === active) out += rect(x + 18, ty - 6, 48, 48, 14, { fill: accent, 'fill-opacity': 0.18 });
    out += el('path', {
      d: GLYPHS[glyph],
      transform: `translate(${x + 42} ${ty + 18}) scale(0.95)`,
      fill: 'none',
      stroke: index === active ? accent : ink,
      'stroke-opacity': index === active ? 1 : 0.45,
      'stroke-width': 2.6,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
  });
  return out;
}

/** Title and subtitle bars of a screen header. */
export function heading(x: number, y: number, titleWidth: number, subtitleWidth: number, surface: Surface): string {
  const ink = surface === 'dark' ? PALETTE.white : PALETTE.ink;
  return bar(x, y, titleWidth, 16, ink, 0.92) + bar(x, y + 30, subtitleWidth, 10, ink, 0.35);
}

/** Stat card: icon, label, big value and a delta chip. */
export function statCard(
  x: number,
  y: number,
  width: number,
  height: number,
  surface: Surface,
  accent: string,
  glyph: Glyph,
  valueWidth: number,
  delta: { color: string; up: boolean },
): string {
  const ink = surface === 'dark' ? PALETTE.white : PALETTE.ink;
  return (
    card(x, y, width, height, surface) +
    iconTile(x + 20, y + 20, 40, accent, GLYPHS[glyph], PALETTE.night, 0.95) +
    bar(x + 74, y + 35, width * 0.3, 9, ink, 0.4) +
    bar(x + 20, y + height - 40, valueWidth, 20, ink, 0.92) +
    chip(x + width - 84, y + height - 42, 64, 24, delta.color, delta.up)
  );
}

/** Small delta chip with an arrow. */
export function chip(x: number, y: number, width: number, height: number, color: string, up: boolean): string {
  const cx = x + 16;
  const cy = y + height / 2;
  const arrow = up ? `M${cx - 4} ${cy + 2}l4-4 4 4` : `M${cx - 4} ${cy - 2}l4 4 4-4`;
  return (
    rect(x, y, width, height, height / 2, { fill: color, 'fill-opacity': 0.16 }) +
    el('path', {
      d: arrow,
      fill: 'none',
      stroke: color,
      'stroke-width': 2.4,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }) +
    bar(x + 28, cy - 4, width - 40, 8, color, 0.9)
  );
}

/** A list row: round icon, two text bars, a trailing value bar. */
export function listRow(
  x: number,
  y: number,
  width: number,
  surface: Surface,
  iconColor: string,
  glyph: Glyph,
  lineWidths: readonly [number, number],
  trailing: { width: number; color: string },
): string {
  const ink = surface === 'dark' ? PALETTE.white : PALETTE.ink;
  return (
    circle(x + 22, y + 22, 22, { fill: iconColor, 'fill-opacity': 0.18 }) +
    el('path', {
      d: GLYPHS[glyph],
      transform: `translate(${x + 22} ${y + 22}) scale(0.8)`,
      fill: 'none',
      stroke: iconColor,
      'stroke-width': 2.8,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }) +
    bar(x + 58, y + 10, lineWidths[0], 9, ink, 0.85) +
    bar(x + 58, y + 27, lineWidths[1], 7, ink, 0.32) +
    bar(x + width - trailing.width, y + 17, trailing.width, 10, trailing.color, 0.95)
  );
}

/** Defines a two-stop linear gradient and returns its `url(#id)` reference for a fill. */
export function gradientFill(
  scene: Scene,
  from: string,
  to: string,
  direction: [number, number, number, number] = [0, 0, 1, 1],
  opacities: [number, number] = [1, 1],
): string {
  const id = scene.id('fill');
  scene.def(
    linearGradient(
      id,
      [
        { offset: 0, color: from, opacity: opacities[0] },
        { offset: 1, color: to, opacity: opacities[1] },
      ],
      [direction[0], direction[1]],
      [direction[2], direction[3]],
    ),
  );
  return `url(#${id})`;
}

/** A floating notification: icon tile, two bars, optional trailing bar. */
export function notification(
  scene: Scene,
  x: number,
  y: number,
  width: number,
  accent: string,
  glyph: Glyph,
  trailing?: string,
  /** Dark smoked glass, for toasts floating over a light screen. */
  smoked = false,
): void {
  scene.glass({
    x,
    y,
    width,
    height: 92,
    radius: 24,
    tint: smoked ? PALETTE.indigoDeep : PALETTE.white,
    tintOpacity: smoked ? 0.72 : 0.12,
    shadow: 0.55,
    content:
      iconTile(x + 22, y + 22, 48, accent, GLYPHS[glyph], PALETTE.night) +
      bar(x + 88, y + 30, width * 0.42, 11, PALETTE.white, 0.92) +
      bar(x + 88, y + 52, width * 0.3, 8, PALETTE.white, 0.45) +
      (trailing ? bar(x + width - 94, y + 40, 68, 12, trailing, 0.95) : ''),
  });
}
