/**
 * The navbar's plain-script part, a few lines on every marketing page (the island itself loads only when
 * the visitor presses the menu toggle):
 * - the bar turns solid where the page's dark hero ends (src/styles/navbar.css): a sentinel inside the hero
 *   leaves the window exactly when the hero's end passes under the bar, and an IntersectionObserver sets
 *   `data-solid` on the header then. No scroll listener, nothing restyled outside the header. A page without
 *   a dark hero (`data-nav-hero`) has a solid bar from the start;
 * - until the island has hydrated, choosing a link in the open phone menu closes the menu, as the island
 *   does afterwards (a link to a section of the same page would otherwise leave it open over the page).
 */
const header = document.querySelector<HTMLElement>('header.site-nav');

if (header) {
  const hero = document.querySelector<HTMLElement>('[data-nav-hero]');
  const setSolid = (solid: boolean) => header.toggleAttribute('data-solid', solid);
  if (!hero) {
    setSolid(true);
  } else {
    const sentinel = document.createElement('div');
    sentinel.className = 'nav-sentinel';
    sentinel.setAttribute('aria-hidden', 'true');
    hero.append(sentinel);
    // Right away for a page opened part-way down (a reload, a link to a section), before the first frame;
    // the observer reports every crossing after that.
    setSolid(sentinel.getBoundingClientRect().bottom < 0);
    new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setSolid(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
    }).observe(sentinel);
  }

  const island = header.closest('astro-island');
  const menu = header.querySelector<HTMLElement>('[popover]');
  menu?.addEventListener('click', (event) => {
    if (!island?.hasAttribute('ssr') || !(event.target instanceof Element) || !event.target.closest('a')) return;
    if (menu.matches(':popover-open')) menu.hidePopover();
  });
}
