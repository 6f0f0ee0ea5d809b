/**
 * `client:interact`, the site's own hydration directive, so a reader never pays for React: an island's JavaScript,
 * React included, loads when the visitor first uses the island, not because the page was opened. Its server
 * HTML already works on its own (links, a popover menu, <details>, form fields and the small early-form
 * script), so a reader who only reads and scrolls downloads no React.
 *
 * Use is a press, a tap, a click, focus, a key or typing inside the island. Links are not: they work without the
 * island, so following one loads nothing. A finger that lands on the island to scroll is not either: a touch
 * counts when it lifts without having scrolled (the browser cancels the pointer of a scroll, so no pointerup).
 *
 * Options (serialised into the island's `opts`):
 * - `near`: a root margin; the island also hydrates when the visitor scrolls it within that distance of the
 *   screen. Only an approach counts: an island already that close when the page opens waits for use.
 * - `hash`: the island hydrates at once when the URL fragment starts with `#<hash>` (a link to something
 *   it shows), on arrival or later.
 * - `replayKeys`: keys the island handles itself (the FAQ's arrows). Pressed before it has hydrated, they
 *   are held (their default action too) and sent again once it has, so no keystroke is lost.
 *
 * Built by Astro with esbuild and inlined once per page that uses it; the CSP hashes it with Astro's own.
 */
import type { ClientDirective } from 'astro';
import type { InteractOptions } from './options.ts';

// `click` too: assistive technology may activate a control with a click alone, no pointer or focus first.
const USE_EVENTS = ['pointerdown', 'pointerup', 'click', 'focusin', 'keydown', 'input'];

const interact: ClientDirective = (load, options, el) => {
  // Typed as a string by Astro, the value is what the page gave: the options object, or `true` for none.
  const value: unknown = options.value;
  const { near, hash, replayKeys = [] } = (typeof value === 'object' && value !== null ? value : {}) as InteractOptions;
  const held: KeyboardEvent[] = [];
  let observer: IntersectionObserver | undefined;
  let started = false;

  const start = async () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    removeEventListener('hashchange', onHash);
    const hydrate = await load();
    await hydrate();
    // A download that failed leaves the server HTML working as it was (Astro logs why): the next use
    // tries again, so a send pressed meanwhile is not stuck. Keys held for it are let go.
    if (el.hasAttribute('ssr')) {
      started = false;
      held.length = 0;
      return;
    }
    for (const type of USE_EVENTS) el.removeEventListener(type, onUse, true);
    // Each held key goes where the focus is by then, as it would have had the island been there: the
    // first arrow moves the focus, the next one starts from the new place.
    for (const key of held.splice(0)) {
      const focused = document.activeElement;
      (focused && el.contains(focused) ? focused : key.target)?.dispatchEvent(
        new KeyboardEvent('keydown', {
          key: key.key,
          code: key.code,
          shiftKey: key.shiftKey,
          ctrlKey: key.ctrlKey,
          altKey: key.altKey,
          metaKey: key.metaKey,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  };

  function onUse(event: Event) {
    const target = event.target;
    if (!(target instanceof Element) || target.closest('a[href]')) return;
    if (event.type === 'pointerdown' && (event as PointerEvent).pointerType === 'touch') return;
    if (event instanceof KeyboardEvent && replayKeys.includes(event.key)) {
      event.preventDefault();
      held.push(event);
    }
    void start();
  }

  function onHash() {
    if (hash !== undefined && location.hash.startsWith(`#${hash}`)) void start();
  }

  for (const type of USE_EVENTS) el.addEventListener(type, onUse, true);
  if (hash !== undefined) {
    addEventListener('hashchange', onHash);
    onHash();
  }
  if (near !== undefined) {
    // The island is `display: contents`: its children are what takes room on the page.
    let first = true;
    observer = new IntersectionObserver(
      (entries) => {
        // The first report is where the island stands at load, which is no approach.
        if (!first && entries.some((entry) => entry.isIntersecting)) void start();
        first = false;
      },
      { rootMargin: near },
    );
    for (const child of el.children) observer.observe(child);
  }
};

export default interact;
