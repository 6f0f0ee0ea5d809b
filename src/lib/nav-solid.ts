/**
 * When the navbar turns from glass to solid. Its own module: the plain script every page runs imports it,
 * and must not bring the navigation's link lists along.
 */

/** The bar turns solid once the page has scrolled 80% of the window height. */
export const NAV_SOLID_SCROLL_RATIO = 0.8;

export function isNavSolid(scrollY: number, viewportHeight: number): boolean {
  return scrollY >= viewportHeight * NAV_SOLID_SCROLL_RATIO;
}
