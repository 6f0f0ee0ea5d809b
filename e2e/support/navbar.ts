import { expect, type Page } from '@playwright/test';

/**
 * How the top bar looks once its colour transitions have finished, read from computed styles: `'glass'`
 * (white text, a 1 px border all round, 5% white) or `'solid'` (dark text, a bottom border only, 95% white
 * and a shadow). Anything between those two (a half-applied state) comes back described, so it fails a
 * comparison with either.
 */
export async function navLook(page: Page): Promise<string> {
  // Two frames for the scroll and its style change, then until the bar's transitions have run out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('header.site-nav, header.site-nav *')].some((el) =>
          el.getAnimations().some((animation) => animation instanceof CSSTransition),
        ),
      ),
    )
    .toBe(false);
  const look = await page.evaluate(() => {
    const header = document.querySelector('header.site-nav') as HTMLElement;
    const bar = getComputedStyle(header);
    const link = [...header.querySelectorAll('nav a')].find((a) => a.textContent.trim() === 'Tecnologías');
    const alpha = /[/,]\s*([\d.]+)\)$/.exec(bar.backgroundColor)?.[1];
    return {
      text: bar.color,
      link: link ? getComputedStyle(link).color : '',
      border: `${bar.borderTopWidth} ${bar.borderBottomWidth}`,
      shadow: bar.boxShadow.includes('rgba(15, 23, 42, 0.35) 0px 8px 24px -16px'),
      alpha,
    };
  });
  const glass = { text: 'rgb(255, 255, 255)', border: '1px 1px', shadow: false, alpha: '0.05' };
  const solid = { text: 'rgb(15, 23, 42)', border: '0px 1px', shadow: true, alpha: '0.95' };
  const { link, ...bar } = look;
  const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
  if (same(bar, glass) && link === glass.text) return 'glass';
  if (same(bar, solid) && link === solid.text) return 'solid';
  return JSON.stringify(look);
}

/** Scrolls the window to `y` px and reads the bar's look there. */
export async function navLookAt(page: Page, y: number): Promise<string> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  return navLook(page);
}

/** The scroll position where the bar turns solid: 80% of the window height. */
export function solidFrom(page: Page): Promise<number> {
  return page.evaluate(() => Math.ceil(window.innerHeight * 0.8));
}

/**
 * Makes the page take the navbar's plain-script path (src/enhancements/navbar.ts), the one for browsers without
 * scroll-driven animations or style queries: the CSS animation is switched off before the script looks.
 * Call before `page.goto`, in a context with `bypassCSP` (the switch is an injected <style>).
 */
export async function withoutScrollDrivenCss(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const style = document.createElement('style');
      style.textContent = '[data-nav-scope] { animation: none !important; }';
      document.head.append(style);
    });
  });
}
