/**
 * The navbar's plain-script part, a few lines on every marketing page (the island itself loads only when
 * the visitor presses the menu toggle):
 * - where the browser cannot switch the bar to solid from CSS alone (no scroll-driven animations or no
 *   style queries, see src/styles/navbar.css), it follows the scroll position here, with the same rule;
 * - until the island has hydrated, choosing a link in the open phone menu closes the menu, as the island
 *   does afterwards (a link to a section of the same page would otherwise leave it open over the page).
 */
import { isNavSolid } from '../lib/nav-solid.ts';

const scope = document.querySelector<HTMLElement>('[data-nav-scope]');
const header = scope?.querySelector<HTMLElement>('.site-nav');

if (scope && header) {
  // What the browser does, not what it claims: the scroll-driven animation is running and style queries
  // match (navbar.css marks the bar when they do).
  const cssFollowsScroll =
    scope.getAnimations().length > 0 && getComputedStyle(header).getPropertyValue('--nav-style-queries').trim() === '1';
  if (!cssFollowsScroll) {
    let frame = 0;
    const update = () => {
      frame = 0;
      scope.toggleAttribute('data-nav-solid', isNavSolid(window.scrollY, window.innerHeight));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
  }

  const island = header.closest('astro-island');
  const menu = header.querySelector<HTMLElement>('[popover]');
  menu?.addEventListener('click', (event) => {
    if (!island?.hasAttribute('ssr') || !(event.target instanceof Element) || !event.target.closest('a')) return;
    if (menu.matches(':popover-open')) menu.hidePopover();
  });
}
