/**
 * Shared pieces of the portfolio covers: the 1600x1000 canvas with its lights, a glass browser window
 * and a glass phone. Each returns the box its screen content should fill.
 */
import { PALETTE } from '../palette.ts';
import { createScene, paintBackdrop, type BackdropOptions, type Scene } from '../scene.ts';
import { circle, rect } from '../svg.ts';
import { browserBar } from '../ui.ts';

export const COVER_SIZE = { width: 1600, height: 1000 } as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function coverScene(lights: BackdropOptions['lights']): Scene {
  const scene = createScene(COVER_SIZE.width, COVER_SIZE.height);
  paintBackdrop(scene, { lights, grid: 56 });
  return scene;
}

export type Surface = 'dark' | 'light';

const SURFACE = {
  dark: { fill: '#0d1330', opacity: 0.78 },
  light: { fill: PALETTE.paper, opacity: 0.97 },
} as const;

/** The screen area of a browser window at the given frame box (below its 44px bar). */
export function browserScreen(frame: Box): Box {
  return { x: frame.x + 10, y: frame.y + 44, width: frame.width - 20, height: frame.height - 54 };
}

/** Glass browser window; `content` receives the screen box and returns its markup. */
export function browserWindow(scene: Scene, frame: Box, surface: Surface, content: (screen: Box) => string): void {
  const screen = browserScreen(frame);
  const style = SURFACE[surface];
  scene.glass({
    ...frame,
    radius: 26,
    blur: 30,
    tintOpacity: 0.08,
    content:
      browserBar(frame.x, frame.y, frame.width, true) +
      rect(screen.x, screen.y, screen.width, screen.height, 18, { fill: style.fill, 'fill-opacity': style.opacity }) +
      content(screen),
  });
}

/** The screen area of a phone at the given frame box. */
export function phoneScreen(frame: Box): Box {
  return { x: frame.x + 12, y: frame.y + 12, width: frame.width - 24, height: frame.height - 24 };
}

/** Glass phone with a dark or light screen and a camera island. */
export function phone(scene: Scene, frame: Box, surface: Surface, content: (screen: Box) => string): void {
  const screen = phoneScreen(frame);
  const style = SURFACE[surface];
  scene.glass({
    ...frame,
    radius: 48,
    blur: 30,
    tintOpacity: 0.12,
    shadow: 0.6,
    content:
      rect(screen.x, screen.y, screen.width, screen.height, 37, {
        fill: style.fill,
        'fill-opacity': Math.min(1, style.opacity + 0.12),
      }) +
      rect(screen.x + screen.width / 2 - 46, screen.y + 14, 92, 26, 13, { fill: '#05070f' }) +
      circle(screen.x + screen.width / 2 + 28, screen.y + 27, 5, { fill: '#1b2250' }) +
      content(screen),
  });
}
