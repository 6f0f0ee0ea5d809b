import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * How the top bar looks once its white layer has finished fading, read from computed styles: `'glass'`
 * (white text, the white layer hidden) or `'solid'` (dark text, the white layer shown). Anything between
 * those two (a half-applied state) comes back described, so it fails a comparison with either.
 */
export async function navLook(page: Page, { settle = true } = {}): Promise<string> {
  // Not in a page without JavaScript, where frames never call back and nothing changes.
  if (settle) await settled(page);
  const look = await page.evaluate(() => {
    const header = document.querySelector('header.site-nav') as HTMLElement;
    const link = [...header.querySelectorAll('nav a')].find((a) => a.textContent.trim() === 'Tecnologías');
    return {
      text: getComputedStyle(header).color,
      link: link ? getComputedStyle(link).color : '',
      layer: getComputedStyle(header, '::before').opacity,
    };
  });
  const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
  const white = 'rgb(255, 255, 255)';
  const ink = 'rgb(15, 23, 42)';
  if (same(look, { text: white, link: white, layer: '0' })) return 'glass';
  if (same(look, { text: ink, link: ink, layer: '1' })) return 'solid';
  return JSON.stringify(look);
}

/**
 * Until the page's observer has reported the scroll (see `observerReported`), two frames for its style,
 * then until the bar's fade has run out.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(observerReported);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const header = document.querySelector('header.site-nav') as HTMLElement;
        return document
          .getAnimations()
          .some(
            (animation) =>
              animation instanceof CSSTransition &&
              animation.playState === 'running' &&
              animation.effect instanceof KeyframeEffect &&
              animation.effect.target !== null &&
              header.contains(animation.effect.target),
          );
      }),
    )
    .toBe(false);
}

/**
 * Runs in the page: resolves once the navbar's observer has been told where its sentinel is now. Its report
 * is a task the browser queues after a frame, and a busy browser may run it after the next frame or two; a
 * second observer of the same sentinel is notified in that same task, so its first report marks the moment.
 * Then two frames for the style the report changed.
 */
async function observerReported(): Promise<void> {
  const sentinel = document.querySelector('.nav-sentinel');
  if (sentinel)
    await new Promise<void>((resolve) => {
      const probe = new IntersectionObserver(() => {
        probe.disconnect();
        resolve();
      });
      probe.observe(sentinel);
    });
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Scrolls the window to `y` px and reads the bar's look there. */
export async function navLookAt(page: Page, y: number): Promise<string> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  return navLook(page);
}

/**
 * The last scroll position at which the bar is still glass: the page's dark hero (`data-nav-hero`) still
 * fills the whole bar. One pixel further, light content shows under the bar, and it must be solid.
 */
export function lastGlassScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const hero = document.querySelector('[data-nav-hero]') as HTMLElement;
    const bar = document.querySelector('header.site-nav') as HTMLElement;
    const heroEnd = hero.getBoundingClientRect().bottom + window.scrollY;
    return Math.floor(heroEnd - bar.getBoundingClientRect().height);
  });
}

/** WCAG relative luminance of an sRGB colour given as 0-255 channels. */
function luminance([r, g, b]: readonly number[]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

function contrast(a: readonly number[], b: readonly number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface BarContrast {
  /** The element, as its accessible text or label. */
  name: string;
  /** Contrast of its text colour against the pixels drawn behind it (the 5th percentile worst). */
  ratio: number;
}

/**
 * The contrast of each visible bar item (links, logo wordmark, menu button) against what is really drawn
 * behind it with the window scrolled to `y`: the text colour is read from computed styles once the bar has
 * settled, then the bar's strip is captured with its text and icons hidden (the screenshot's own
 * stylesheet), so the pixels are the bar's layers over the page. Scrolling, settling and reading take three
 * calls into the page and the screenshot a fourth, not eight. Needs a context with
 * `bypassCSP`: the page's CSP refuses any stylesheet it does not name, the screenshot's too.
 */
export async function barContrasts(page: Page, y: number): Promise<BarContrast[]> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.evaluate(observerReported);
  const items = await page.evaluate(async () => {
    // Until the bar's fade has run out.
    const header = document.querySelector('header.site-nav') as HTMLElement;
    const fading = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition &&
            animation.playState === 'running' &&
            animation.effect instanceof KeyframeEffect &&
            animation.effect.target !== null &&
            header.contains(animation.effect.target),
        );
    for (let running = fading(); running.length > 0; running = fading()) {
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
    const candidates = [
      ...header.querySelectorAll<HTMLElement>('nav > a[href="/"] span span, nav ul a, nav button'),
    ].filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility === 'visible');
    return candidates.map((el) => {
      const box = el.getBoundingClientRect();
      const color =
        getComputedStyle(el)
          .color.match(/[\d.]+/g)
          ?.slice(0, 3)
          .map(Number) ?? [];
      return {
        name: el.getAttribute('aria-label') ?? el.textContent.trim(),
        color,
        box: {
          x: Math.round(box.x),
          y: Math.round(box.y),
          width: Math.round(box.width),
          height: Math.round(box.height),
        },
      };
    });
  });
  const width = page.viewportSize()?.width ?? 0;
  const strip = await page.screenshot({
    clip: { x: 0, y: 0, width, height: 80 },
    animations: 'disabled',
    style: 'header.site-nav nav * { color: transparent !important; } header.site-nav nav svg { visibility: hidden; }',
  });
  const { data, info } = await sharp(strip).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Device pixels per CSS pixel, should the context have a scale factor.
  const scale = info.width / width;
  return items.map(({ name, color, box }) => {
    const ratios: number[] = [];
    const [top, bottom] = [Math.max(0, box.y * scale), Math.min(info.height, (box.y + box.height) * scale)];
    const [left, right] = [Math.max(0, box.x * scale), Math.min(info.width, (box.x + box.width) * scale)];
    for (let y = Math.floor(top); y < bottom; y++) {
      for (let x = Math.floor(left); x < right; x++) {
        const at = (y * info.width + x) * info.channels;
        ratios.push(contrast(color, [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]));
      }
    }
    ratios.sort((a, b) => a - b);
    return { name, ratio: ratios[Math.floor(ratios.length * 0.05)] ?? 0 };
  });
}
